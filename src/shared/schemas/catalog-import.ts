// 'Importar CSV' of /dashboard/productos: one file row per variant, in the export's columns,
// checked by the product form's own rules (docs/decisions/043-catalogue-import.md).
import { z } from 'zod';
import { ID_MAX } from './common';
import {
  IMAGE_URL_MAX,
  MAX_PRODUCT_IMAGES,
  productInputSchema,
  skuSchema,
  STOCK_MAX,
  variantInputSchema,
} from './product';
import { taxonomyNameSchema } from './taxonomy';

/** Largest file accepted: a 10,000-variant export with long names is about 4 MB. */
export const CATALOG_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOG_IMPORT_MAX_MB = CATALOG_IMPORT_MAX_BYTES / (1024 * 1024);
/** Variants one file may carry; past this the answer and the preview would be unusable. */
export const CATALOG_IMPORT_MAX_ROWS = 20_000;

/** The multipart parts of the preview and apply requests. */
export const CATALOG_IMPORT_FILE_FIELD = 'archivo';
export const CATALOG_IMPORT_CREATE_FIELD = 'crearTaxonomias';
export const CATALOG_IMPORT_SNAPSHOT_FIELD = 'stockLeido';
/** 'true' once the admin confirmed the preview's unusual price changes a second time. */
export const CATALOG_IMPORT_CONFIRM_PRICES_FIELD = 'confirmarPrecios';
export const CATALOG_IMPORT_PREVIEW_URL = '/api/admin/catalog-import/preview';
export const CATALOG_IMPORT_APPLY_URL = '/api/admin/catalog-import/apply';

const product = productInputSchema.shape;
const variant = variantInputSchema.shape;

/** One file row once its cells are read: the product's fields repeated on each of its variants. */
export const catalogImportRowSchema = z.object({
  slug: product.slug,
  name: product.name,
  brand: taxonomyNameSchema,
  category: taxonomyNameSchema,
  features: product.features,
  storage: variant.storage,
  colorName: variant.colorName,
  color: variant.color,
  price: variant.price,
  stock: variant.stock,
  images: z
    .array(z.string().max(IMAGE_URL_MAX, 'Imagen inválida'))
    .max(MAX_PRODUCT_IMAGES, 'Máximo 10 imágenes por producto'),
  /** Absent (no column) or blank: the variant keeps its SKU, a new one gets the store's. */
  sku: skuSchema.optional(),
  /** Absent (no column): kept; blank: cleared. */
  mpn: variant.mpn,
});
export type CatalogImportRow = z.infer<typeof catalogImportRowSchema>;

/**
 * The stock the preview saw for each existing variant of the file, sent back with the apply:
 * a variant whose stock moved since then (a quote reserved units) stops the whole import.
 */
export const importStockSnapshotSchema = z
  .array(z.tuple([z.number().int().positive().max(ID_MAX), z.number().int().min(0).max(STOCK_MAX)]))
  .max(CATALOG_IMPORT_MAX_ROWS);
export type ImportStockSnapshot = z.infer<typeof importStockSnapshotSchema>;

/** A row of the preview: its line in the file and what it names. */
export type ImportRowRef = { line: number; slug: string; name: string; variant: string };
export type ImportFieldChange = { field: string; before: string; after: string };

export type ImportPreview = {
  counts: { create: number; update: number; unchanged: number; invalid: number };
  create: ImportRowRef[];
  update: (ImportRowRef & { changes: ImportFieldChange[] })[];
  unchanged: ImportRowRef[];
  invalid: { line: number; reason: string }[];
  newBrands: string[];
  newCategories: string[];
  /** Prices changed above 3x or below a third: the apply needs them confirmed. */
  unusualPrices: (ImportRowRef & { before: string; after: string; warning: string })[];
  stockRead: ImportStockSnapshot;
};

export type ImportApplied = { created: number; updated: number; unchanged: number };

/** The Spanish names of the fields an update lists, as the preview shows them. */
export const IMPORT_FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  brand: 'Marca',
  category: 'Categoría',
  features: 'Características',
  images: 'Imágenes',
  color: 'Color (hex)',
  price: 'Precio',
  stock: 'Stock',
  sku: 'SKU',
  mpn: 'MPN',
};
