// The texts of negotiated prices, the quick order, reorder and purchase lists, both
// the server's answers and what only the browser shows; messages.ts carries the first ones.
import { formatMoney } from './format';

export const pricingMessages = {
  purchaseListNotFound: 'Lista no encontrada',
  purchaseListNameTaken: 'Ya tenés una lista con ese nombre',
  purchaseListsFull: 'Llegaste al máximo de listas guardadas: borrá alguna para guardar otra',
  purchaseListSaved: 'Lista guardada',
  quickOrderFileTooLarge: 'El archivo es demasiado grande: subí hasta 64 KB de líneas SKU;cantidad',
  purchaseListDeleted: 'Lista eliminada',
  priceRuleNotFound: 'Regla de precio no encontrada',
  priceRuleSkuUnknown: 'No hay ningún producto con ese SKU',
  priceRuleEndsInPast: 'La fecha de fin ya pasó: elegí hoy o un día posterior',
  priceRuleTargetGone: 'La marca o categoría elegida ya no existe',
  priceRuleAdded: 'Regla agregada',
  priceRuleRemoved: 'Regla quitada',
  skuTaken: 'Ese SKU ya lo usa otro producto',
  nothingAdded: 'No se agregó nada al carro',
} as const;

/** /pedido-rapido: a SKU the catalogue does not have. */
export const skuNotFoundMessage = (sku: string) => `No encontramos ${sku}`;

/** After adding a quick order, a list or an earlier order to the cart. */
export const addedToCartMessage = (count: number) =>
  count === 1 ? 'Agregamos 1 producto al carro' : `Agregamos ${count} productos al carro`;

/** Products of an earlier order that no longer exist: 'Ya no está disponible: X, Y'. */
export const noLongerAvailableMessage = (names: string[]) =>
  `Ya no ${names.length === 1 ? 'está disponible' : 'están disponibles'}: ${names.join(', ')}`;

/** 'Volver a pedir' at prices other than the order's: 'Cable USB: US$ 15,00 → US$ 22,00'. */
export const reorderPricesChangedMessage = (
  changes: { name: string; before: string; after: string }[],
) =>
  `${changes.length === 1 ? 'Cambió un precio' : 'Cambiaron precios'} desde ese pedido: ${changes
    .map((change) => `${change.name}: ${formatMoney(change.before)} → ${formatMoney(change.after)}`)
    .join('; ')}`;
