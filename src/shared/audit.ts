// What the activity log records, shared by the service that writes it and the page that
// lists it (/dashboard/actividad).

export const AUDIT_ENTITY_TYPES = [
  'product',
  'brand',
  'category',
  'order',
  'post',
  'import',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  product: 'Producto',
  brand: 'Marca',
  category: 'Categoría',
  order: 'Orden',
  post: 'Artículo del blog',
  import: 'Importación',
};

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'revision',
  'import',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  status: 'Cambió el estado',
  revision: 'Revisó la cotización',
  import: 'Importó el catálogo',
};

export const AUDIT_PAGE_SIZE = 20;
