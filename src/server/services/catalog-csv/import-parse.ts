// Reading an imported catalogue file into rows checked by the product form's own schema, each
// kept with its line in the file so the preview can name it (docs/decisions/043-catalogue-import.md).
import { CsvError, parse } from 'csv-parse/sync';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_MAX_ROWS,
  type CatalogImportRow,
  catalogImportRowSchema,
} from '@shared/schemas/catalog-import';
import { FieldError, unstorableTextError } from '../../validation';
import { CATALOG_CSV_COLUMNS, LIST_SEPARATOR, OPTIONAL_CSV_COLUMNS } from './export';
import { unescapeFormulaCell } from './formula-cells';

export type ParsedRow = CatalogImportRow & { line: number };
export type InvalidRow = { line: number; reason: string };
export type ParsedFile = { rows: ParsedRow[]; invalid: InvalidRow[] };

type Column = (typeof CATALOG_CSV_COLUMNS)[number];

/** Which file column each schema field comes from, to name it in a row's reason. */
const COLUMN_OF_FIELD: Record<keyof CatalogImportRow, Column> = {
  slug: 'slug',
  name: 'nombre',
  brand: 'marca',
  category: 'categoria',
  features: 'caracteristicas',
  storage: 'almacenamiento',
  colorName: 'color',
  color: 'color_hex',
  price: 'precio',
  stock: 'stock',
  images: 'imagenes',
  sku: 'sku',
  mpn: 'mpn',
};

const refuse = (message: string) => new FieldError(CATALOG_IMPORT_FILE_FIELD, message);

/** Text of the file without its BOM, refused unless it is UTF-8 (Excel's "CSV UTF-8"). */
function decode(data: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw refuse(messages.importNotCsv);
  }
}

/** ';' is what the export and Excel in Spanish write; a header without one was saved with ','. */
const delimiterOf = (text: string) => (text.split('\n', 1)[0]!.includes(';') ? ';' : ',');

/** '1299.50', or '1299,50' as Excel in Spanish writes it when the separator is ';'. */
function numberCell(cell: string, pattern: RegExp) {
  const text = cell.trim().replace(/^(-?\d+),(\d{1,2})$/, '$1.$2');
  return pattern.test(text) ? Number(text) : Number.NaN;
}

const listCell = (cell: string) =>
  cell.trim() === '' ? [] : cell.split(LIST_SEPARATOR).map((item) => item.trim());

/** The row as the schema reads it, from the cells by column name (undefined: no column). */
function candidateOf(cell: (column: Column) => string | undefined) {
  return {
    slug: cell('slug'),
    name: cell('nombre'),
    brand: cell('marca'),
    category: cell('categoria'),
    features: listCell(cell('caracteristicas') ?? ''),
    storage: cell('almacenamiento'),
    colorName: cell('color'),
    color: cell('color_hex'),
    price: numberCell(cell('precio') ?? '', /^-?\d+(?:\.\d+)?$/),
    stock: numberCell(cell('stock') ?? '', /^-?\d+$/),
    images: listCell(cell('imagenes') ?? ''),
    sku: cell('sku'),
    mpn: cell('mpn'),
  };
}

/** Every distinct message of the row, each after the column it is about. */
function reasonOf(issues: { path: PropertyKey[]; message: string }[]) {
  const reasons = issues.map((issue) => {
    const column = COLUMN_OF_FIELD[issue.path[0] as keyof CatalogImportRow];
    return column ? `${column}: ${issue.message}` : issue.message;
  });
  return [...new Set(reasons)].join(' · ');
}

const variantKey = (row: CatalogImportRow) =>
  `${row.slug}\u0000${row.storage}\u0000${row.colorName}`;

/** The fields a product's rows repeat; every row of one slug must agree on them. */
const productFields = (row: CatalogImportRow) =>
  JSON.stringify([row.name, row.brand, row.category, row.features, row.images]);

/**
 * The line to look at: where a quote left open began (the records read before it end there),
 * else where the parser stopped.
 */
function errorLine(text: string, error: CsvError) {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const readBytes = Number(error.bytes_records ?? 0);
    return Buffer.from(text).subarray(0, readBytes).toString('utf8').split('\n').length;
  }
  return Number(error.lines ?? 1);
}

/**
 * Parses the file (';' or ',', with or without a BOM) into valid rows and invalid rows with
 * their reasons. A file that cannot be read as a whole (not UTF-8, broken quoting, missing
 * columns, too many rows) is refused with a FieldError under the file field.
 */
export function parseCatalogFile(data: Buffer): ParsedFile {
  const text = decode(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // csv-parse's types do not follow `info: true`, which wraps each record with its position.
    records = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw refuse(importMessages.parseError(errorLine(text, error)));
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw refuse(messages.importEmpty);
  if (body.length > CATALOG_IMPORT_MAX_ROWS) throw refuse(messages.importTooManyRows);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const missing = CATALOG_CSV_COLUMNS.filter(
    (column) => !names.includes(column) && !OPTIONAL_CSV_COLUMNS.includes(column),
  );
  if (missing.length > 0) throw refuse(importMessages.missingColumns(missing));
  const indexOf = new Map(CATALOG_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));

  const parsed: ParsedFile = { rows: [], invalid: [] };
  const firstLineOfVariant = new Map<string, number>();
  const firstRowOfProduct = new Map<string, ParsedRow>();
  for (const { record, info } of body) {
    // csv-parse counts lines up to the record's end; a quoted cell may span several.
    const line = info.lines - record.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0);
    if (record.length !== names.length) {
      parsed.invalid.push({
        line,
        reason: importMessages.columnCount(record.length, names.length),
      });
      continue;
    }
    if (unstorableTextError(record)) {
      parsed.invalid.push({ line, reason: messages.invalidCharacters });
      continue;
    }
    const result = catalogImportRowSchema.safeParse(
      candidateOf((column) => {
        const index = indexOf.get(column)!;
        return index < 0 ? undefined : unescapeFormulaCell(record[index]!);
      }),
    );
    if (!result.success) {
      parsed.invalid.push({ line, reason: reasonOf(result.error.issues) });
      continue;
    }
    const row: ParsedRow = { ...result.data, line };
    const repeatedAt = firstLineOfVariant.get(variantKey(row));
    if (repeatedAt !== undefined) {
      parsed.invalid.push({ line, reason: importMessages.repeatedRow(repeatedAt) });
      continue;
    }
    const first = firstRowOfProduct.get(row.slug);
    if (first && productFields(first) !== productFields(row)) {
      parsed.invalid.push({ line, reason: importMessages.productMismatch(first.line) });
      continue;
    }
    firstLineOfVariant.set(variantKey(row), line);
    if (!first) firstRowOfProduct.set(row.slug, row);
    parsed.rows.push(row);
  }
  return parsed;
}
