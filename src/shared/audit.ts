// What the activity log records, shared by the service that writes it and the page that
// lists it (/dashboard/actividad).

export const AUDIT_ENTITY_LABELS = {
  product: 'Producto',
  brand: 'Marca',
  category: 'Categoría',
  order: 'Orden',
  post: 'Artículo del blog',
  import: 'Importación',
  customer: 'Cliente',
  company: 'Empresa',
  priceRule: 'Precio de empresa',
  store: 'Datos de la empresa',
  exchangeRate: 'Cotización del dólar',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_LABELS;
/** In the labels' order (the activity page's type filter lists them so). */
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITY_LABELS) as [
  AuditEntityType,
  ...AuditEntityType[],
];

export const AUDIT_ACTION_LABELS = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  status: 'Cambió el estado',
  revision: 'Revisó la cotización',
  import: 'Importó el catálogo',
  credit: 'Decidió el crédito',
  payment: 'Registró un pago',
  reversal: 'Revirtió un pago',
  // The goods of an order (docs/decisions/082-dispatches-and-delivery-notes.md).
  dispatch: 'Despachó',
  deliver: 'Registró la entrega',
  cancelRemainder: 'Canceló lo que faltaba despachar',
  // The staff desk (docs/decisions/092-one-desk-for-quotes.md).
  owner: 'Cambió el responsable',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_PAGE_SIZE = 20;
