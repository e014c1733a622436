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

/**
 * Largest file accepted. The bench's 100,000-row export is 27 MB; rows with long names, ten
 * image URLs and features reach about 400 bytes, 40 MB
 * (docs/decisions/069-a-catalogue-import-at-scale.md).
 */
export const CATALOG_IMPORT_MAX_BYTES = 48 * 1024 * 1024;
export const CATALOG_IMPORT_MAX_MB = CATALOG_IMPORT_MAX_BYTES / (1024 * 1024);
/**
 * Variants one file may carry: a 100,000-row file previews and applies within a minute on
 * PostgreSQL (bench/catalog-import-scale.ts); past it, split the file.
 */
export const CATALOG_IMPORT_MAX_ROWS = 100_000;

/** The limits above as one value: tests run the routes with small ones. */
export type CatalogImportLimits = { maxRows: number; maxBytes: number };
export const CATALOG_IMPORT_LIMITS: CatalogImportLimits = {
  maxRows: CATALOG_IMPORT_MAX_ROWS,
  maxBytes: CATALOG_IMPORT_MAX_BYTES,
};

/**
 * Entries of each list of the preview: a 100,000-row file is summarised by its counts, with
 * this many examples of each kind of change, not 100,000 rows the browser would have to draw.
 */
export const IMPORT_PREVIEW_EXAMPLES = 50;

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
 * The route also holds it to its own row limit (tests make it smaller).
 */
export const importStockSnapshotSchema = z
  .array(z.tuple([z.number().int().positive().max(ID_MAX), z.number().int().min(0).max(STOCK_MAX)]))
  .max(CATALOG_IMPORT_MAX_ROWS);
export type ImportStockSnapshot = z.infer<typeof importStockSnapshotSchema>;
/**
 * The most bytes the snapshot of a file of `maxRows` rows takes as JSON: '[2147483647,
 * 1000000],' per variant (ID_MAX and a stock of up to seven digits) and the brackets.
 */
export const stockSnapshotMaxBytes = (maxRows: number) => maxRows * 24 + 2;

/** A row of the preview: its line in the file and what it names. */
export type ImportRowRef = { line: number; slug: string; name: string; variant: string };
export type ImportFieldChange = { field: string; before: string; after: string };

/**
 * What a file would do. `counts` and `totals` count everything; every list holds examples
 * only: the first IMPORT_PREVIEW_EXAMPLES of its kind in file order (`update`: that many for
 * each changed field, so a field changed on one row late in the file still has its example).
 */
export type ImportPreview = {
  counts: { create: number; update: number; unchanged: number; invalid: number };
  totals: { unusualPrices: number; newBrands: number; newCategories: number };
  /** How many rows change each field, in the order of IMPORT_FIELD_LABELS. */
  changedFields: { field: string; count: number }[];
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
