/**
 * The server's texts: every one the browser shows (client-messages.ts, written once there)
 * plus those only the server answers with (refusals of the API, failures inside a service),
 * which the browser's bundle does not need to carry. Server code reads `messages` here;
 * client code reads client-messages.ts.
 */
import { accountMessages } from './account-messages';
import { cfeMessages } from './cfe-messages';
import { messages as browserMessages } from './client-messages';
import { pricingMessages } from './pricing-messages';

export {
  quoteExpiredMessage,
  expiredOnMessage,
  quoteExpiredRefusal,
  HOLD_RELEASED_REASON,
  priceUpdatedMessage,
  cartBlockedMessage,
  stockLimitMessage,
  errorToast,
} from './client-messages';
export { importMessages } from './import-messages';

export const messages = {
  ...browserMessages,
  ...pricingMessages,
  ...accountMessages,
  ...cfeMessages,
  // Authentication and customer data
  invalidCredentials: 'Email o contraseña incorrectos',
  // A new password found in the breached list (server/auth/breached-passwords.ts): the list
  // stays on the server, so the browser learns it from the procedure's refusal at the field.
  passwordBreached: 'Esa contraseña es de las más usadas y filtradas: elegí otra',
  // A step that failed inside the server, told without its cause
  registerFailed: 'Error al registrar el usuario',
  roleRegisterFailed: 'Error al registrar el rol del usuario',
  customerRegisterFailed: 'Error al registrar los datos del usuario',
  sessionFailed: 'Error al obtener la sesión',
  userDataFailed: 'Error al obtener los datos del usuario',
  roleReadFailed: 'Error al obtener el rol del usuario',
  userNotFound: 'No se pudo obtener el usuario',
  variantLoadFailed: 'No se pudo obtener la variante',
  stockUpdateFailed: 'No se pudo actualizar el stock de la variante',
  productCreateUnexpected: 'Error inesperado. Volvé a intentarlo',
  postAuthorsLoadFailed: 'No se pudieron cargar los autores de los posts.',
  postCoverUrlFailed: 'Error al actualizar la URL de la imagen.',
  userIdFailed: 'Error al obtener el id del usuario',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico',
  unauthenticated: 'Usuario no autenticado',
  customerNotFound: 'No se pudo obtener el cliente',
  forbidden: 'No tenés permiso para realizar esta acción',
  tooManyRequests: 'Demasiados intentos. Esperá un minuto y volvé a intentarlo.',
  foreignOrigin: 'Solicitud rechazada: origen no permitido',
  batchTooLarge: 'Demasiadas consultas en una sola solicitud (máximo 10).',

  // Answers of the HTTP layer itself (malformed requests, unknown addresses)
  badRequest: 'Solicitud inválida',
  invalidJson: 'El contenido enviado no es un JSON válido',
  bodyTooLarge: 'El contenido enviado es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  methodNotAllowed: 'Método no permitido para esta dirección',
  notFound: 'No encontrado',
  invalidCharacters: 'El texto contiene caracteres no permitidos',
  // The database cannot be reached (stopped, restarting, hung): worth retrying shortly.
  serviceUnavailable:
    'El servicio no está disponible en este momento. Probá de nuevo en unos segundos.',

  // Orders and stock
  variantNotFound: 'Variante no encontrada',
  insufficientStock: 'Stock insuficiente',
  orderNotFound: 'Orden no encontrada',
  revisionNotOpen: 'Solo se puede cotizar un pedido en Cotización, Modificado o Vencida',
  renewalNotExpired: 'Solo se puede pedir la renovación de una cotización vencida',
  revisionDateInPast: 'La validez no puede ser anterior a hoy',
  revisionTooLarge: 'El total de la cotización supera el máximo permitido',
  revisionNotAcceptable: 'Esta cotización ya no se puede aceptar. Recargá la página.',
  mailNotFound: 'Correo no encontrado',
  /** 'Correos' in place of a mail's secret link (docs/decisions/076-secrets-out-of-backups-and-mails.md). */
  mailSecretLinkHidden:
    '[el enlace viaja solo en el correo: se crea al enviarlo y la tienda no lo guarda]',
  mailResetOnlyToAccounts:
    'Este correo se envía solo si la dirección tiene una cuenta; si no, no se envía nada.',
  pricesChanged: 'Los precios cambiaron. Revisá el nuevo total antes de enviar.',
  cartItemGone: 'Un producto del carrito ya no está disponible. Revisá el carrito.',
  // A quote that waited past its bound for products being written (a catalogue import).
  catalogUpdating: 'El catálogo se está actualizando. Probá de nuevo en unos segundos.',
  tooManyQuotes:
    'Enviaste demasiadas solicitudes de cotización en la última hora. Probá de nuevo más tarde.',
  // Past the units one customer may hold at once (services/orders/held-units.ts).
  heldUnitsCap: 'Para cantidades mayores, escribinos y te preparamos una cotización especial.',

  // Products
  productDeleteDbFailed: 'No se pudo eliminar el producto debido a un error en la base de datos.',
  stockReadMissing: 'Recargá la página para ver el stock actual antes de guardar',

  // Blog
  postUnauthorized: 'Acción no autorizada. Tenés que iniciar sesión.',
  postCoverUploadFailed: 'Error al subir la imagen. Se canceló la creación del post.',
  postNewCoverFailed: 'Error al subir la nueva imagen.',
  postDeleteNotFound: 'No se pudo encontrar el post para eliminar.',

  // Contact, newsletter and staff inbox
  imageTooManyPixels: 'La imagen es demasiado grande: máximo 25 megapíxeles',
  imageNoSpace: 'No hay espacio para guardar la imagen',
  imageSaveFailed: 'No se pudo guardar la imagen',
  oneCoverOnly: 'El post admite una sola imagen de portada',

  // Dashboard catalogue: products, brands and categories
  invalidForm: 'Formulario inválido',
  productSlugExhausted: 'No hay una dirección web libre para este nombre: elegí otra',
  tooManyImages: 'Máximo 10 imágenes por producto',
  invalidFileName: 'Nombre de archivo inválido',
  uploadMissing: 'Falta el archivo de una de las imágenes nuevas',
  imageNotOwned: 'Una de las imágenes no pertenece a este producto',
  brandMissing: 'La marca elegida ya no existe',
  categoryMissing: 'La categoría elegida ya no existe',
  brandNameTaken: 'Ya existe una marca con ese nombre',
  categoryNameTaken: 'Ya existe una categoría con ese nombre',
  brandInUse: 'No se puede eliminar la marca porque hay productos que la usan',
  categoryInUse: 'No se puede eliminar la categoría porque hay productos que la usan',
  brandNotFound: 'Marca no encontrada',
  brandLogoUploadFailed: 'No se pudo guardar el logo. Intentá de nuevo.',
  storeLogoUploadFailed: 'No se pudo guardar el logo. Intentá de nuevo.',
  storeProfileSaved: 'Datos de la empresa guardados',
  storeLogoSaved: 'Logo guardado',
  oneStoreLogoOnly: 'Elegí una sola imagen para el logo',
  storeLogoRemoved: 'Logo quitado',
  oneLogoOnly: 'La marca admite un solo logo',
  logoMissing: 'Elegí una imagen para el logo',
  categoryNotFound: 'Categoría no encontrada',

  // 'Importar CSV' of the catalogue (docs/decisions/043-catalogue-import.md)
  importFileMissing: 'Elegí un archivo CSV para importar',
  importNotCsv: 'El archivo no es un CSV legible: guardalo como CSV UTF-8 y volvé a intentar',
  importEmpty: 'El archivo no tiene filas para importar',
  importStockReadInvalid: 'Falta la vista previa: volvé a previsualizar el archivo',
  importPreviewFailed: 'No se pudo previsualizar el archivo.',
  importApplyFailed: 'No se pudo aplicar la importación.',
  importImagesChanged:
    'Las imágenes se cambian desde el formulario del producto: dejá la columna imagenes como estaba',
  importNewProductImages:
    'Un producto nuevo se crea sin imágenes: dejá la columna imagenes vacía y agregalas desde su formulario',
  importAmbiguousVariant:
    'El producto tiene más de una variante con ese almacenamiento y color: editalo desde su formulario',
  importTooManyVariants: 'El producto quedaría con más de 50 variantes',

  // Loading, empty and failed states of the screens
  inboxItemNotFound: 'No se encontró el mensaje.',
  postSlugExhausted: 'No se pudo generar una dirección web única',
  unknownAuthor: 'Autor Desconocido',
} as const;

/** A save whose stock was read before a reservation changed it (see docs/decisions). */
export const stockChangedMessage = (productName: string) =>
  `El stock cambió mientras editabas: ${productName}. Recargá para ver el valor actual.`;

/**
 * Refusal of a login from an address that failed for this account too often: how long it
 * waits, in whole seconds under a minute, else in minutes rounded up.
 */
export function loginWaitMessage(seconds: number) {
  const [amount, unit] = seconds < 60 ? [seconds, 'segundo'] : [Math.ceil(seconds / 60), 'minuto'];
  const time = `${amount} ${unit}${amount === 1 ? '' : 's'}`;
  return `Demasiados intentos fallidos desde tu conexión. Esperá ${time} y volvé a intentarlo.`;
}

/** Refusal of a quote past the cap of open quotes per customer. */
export const tooManyOpenQuotesMessage = (limit: number) =>
  `Ya tenés ${limit} cotizaciones abiertas, el máximo permitido. Esperá a que respondamos alguna antes de pedir otra.`;
