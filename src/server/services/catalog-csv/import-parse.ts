// Reading an imported catalogue file into rows checked by the product form's own schema, each
// kept with its line in the file so the preview can name it (docs/decisions/043-catalogue-import.md).
import { setImmediate } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
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

/** How much of the file csv-parse is handed at a time: it parses whatever it is given at once. */
const SLICE_BYTES = 16 * 1024;

/**
 * The longest the reading works before giving the event loop a turn: a file of hundreds of
 * thousands of rows must not hold up every other request of the store meanwhile.
 */
const TURN_MS = 10;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file without its BOM, as csv-parse counts its bytes. */
const withoutBom = (data: Buffer) =>
  data.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? data.subarray(UTF8_BOM.length) : data;

/**
 * The file's text a slice at a time, refused unless it is UTF-8 (Excel's "CSV UTF-8"). A
 * character cut by a slice's end is kept for the next one.
 */
function* textSlices(body: Buffer) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (let start = 0; start < body.length; start += SLICE_BYTES) {
    const end = start + SLICE_BYTES;
    try {
      yield decoder.decode(body.subarray(start, end), { stream: end < body.length });
    } catch {
      throw refuse(messages.importNotCsv);
    }
  }
}

/** ';' is what the export and Excel in Spanish write; a header without one was saved with ','. */
function delimiterOf(body: Buffer) {
  const lineEnd = body.indexOf('\n');
  const header = lineEnd === -1 ? body : body.subarray(0, lineEnd);
  return header.includes(';') ? ';' : ',';
}

type FileRecord = { record: string[]; info: { lines: number } };

/** Gives the event loop a turn whenever TURN_MS of work have passed since the last one. */
function turnTaker() {
  let startedAt = performance.now();
  return async () => {
    if (performance.now() - startedAt < TURN_MS) return;
    await setImmediate();
    startedAt = performance.now();
  };
}

/**
 * The file's records in batches, parsed a slice of the file at a time (';' or ',', quoted
 * cells may span lines), with turns for the event loop between slices; stopping early stops
 * the reading.
 */
async function* fileRecords(body: Buffer): AsyncGenerator<FileRecord[]> {
  const parser = parse({
    delimiter: delimiterOf(body),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // A parse error destroys the parser; the iteration at the end throws it.
  parser.on('error', () => undefined);
  const takeTurn = turnTaker();
  try {
    for (const slice of textSlices(body)) {
      if (parser.destroyed) break;
      parser.write(slice);
      // csv-parse's types do not follow `info: true`, which wraps each record with its position.
      const batch: FileRecord[] = [];
      for (let entry; (entry = parser.read() as FileRecord | null) !== null;) batch.push(entry);
      yield batch;
      await takeTurn();
    }
    parser.end();
    // The last record, or the parse error, come out of the parser's own iteration.
    const tail: FileRecord[] = [];
    for await (const entry of parser as AsyncIterable<FileRecord>) tail.push(entry);
    yield tail;
  } finally {
    parser.destroy();
  }
}

/** A whole number ('12'); anything else is NaN, which the schema refuses with its message. */
function integerCell(cell: string) {
  const text = cell.trim();
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
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
    // Read as the product form reads a typed price: '1299.50', '1299,50' (Excel in Spanish),
    // '1.299,50' (src/shared/money-input.ts).
    price: cell('precio') ?? '',
    stock: integerCell(cell('stock') ?? ''),
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
function errorLine(body: Buffer, error: CsvError) {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const readBytes = Number(error.bytes_records ?? 0);
    return body.subarray(0, readBytes).toString('utf8').split('\n').length;
  }
  return Number(error.lines ?? 1);
}

/** The header's column names, and where each column the import needs is; refused if missing. */
function columnsOf(header: string[]) {
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = CATALOG_CSV_COLUMNS.filter(
    (column) => !names.includes(column) && !OPTIONAL_CSV_COLUMNS.includes(column),
  );
  if (missing.length > 0) throw refuse(importMessages.missingColumns(missing));
  const indexOf = new Map(CATALOG_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
  return { count: names.length, indexOf };
}

/** Checks one row after another, into valid rows and invalid ones with their reasons. */
function rowChecker(columns: ReturnType<typeof columnsOf>) {
  const parsed: ParsedFile = { rows: [], invalid: [] };
  const firstLineOfVariant = new Map<string, number>();
  const firstRowOfProduct = new Map<string, ParsedRow>();

  function check({ record, info }: FileRecord) {
    // csv-parse counts lines up to the record's end; a quoted cell may span several.
    const line = info.lines - record.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0);
    if (record.length !== columns.count) {
      return parsed.invalid.push({
        line,
        reason: importMessages.columnCount(record.length, columns.count),
      });
    }
    if (unstorableTextError(record)) {
      return parsed.invalid.push({ line, reason: messages.invalidCharacters });
    }
    // The one place a row's cells are read, by column name; a formula cell the export
    // neutralised ('=1+2 written '=1+2) reads back as it was.
    // An optional column the file lacks (sku, mpn) reads as undefined.
    const cell = (column: Column) => {
      const index = columns.indexOf.get(column)!;
      return index < 0 ? undefined : unescapeFormulaCell(record[index]!);
    };
    const result = catalogImportRowSchema.safeParse(candidateOf(cell));
    if (!result.success) {
      return parsed.invalid.push({ line, reason: reasonOf(result.error.issues) });
    }
    const row: ParsedRow = { ...result.data, line };
    const repeatedAt = firstLineOfVariant.get(variantKey(row));
    if (repeatedAt !== undefined) {
      return parsed.invalid.push({ line, reason: importMessages.repeatedRow(repeatedAt) });
    }
    const first = firstRowOfProduct.get(row.slug);
    if (first && productFields(first) !== productFields(row)) {
      return parsed.invalid.push({ line, reason: importMessages.productMismatch(first.line) });
    }
    firstLineOfVariant.set(variantKey(row), line);
    if (!first) firstRowOfProduct.set(row.slug, row);
    parsed.rows.push(row);
  }

  return { check, parsed };
}

/**
 * Parses the file (';' or ',', with or without a BOM) into valid rows and invalid rows with
 * their reasons. A file that cannot be read as a whole (not UTF-8, broken quoting, no rows,
 * missing columns) is refused with a FieldError under the file field, and one past
 * CATALOG_IMPORT_MAX_ROWS as soon as its next row is read, before any row is checked.
 */
export async function parseCatalogFile(data: Buffer): Promise<ParsedFile> {
  const body = withoutBom(data);
  const records: FileRecord[] = [];
  try {
    for await (const batch of fileRecords(body)) {
      for (const entry of batch) {
        // The header and CATALOG_IMPORT_MAX_ROWS rows are read: this one is a row too many.
        if (records.length > CATALOG_IMPORT_MAX_ROWS) throw refuse(messages.importTooManyRows);
        records.push(entry);
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw refuse(importMessages.parseError(errorLine(body, error)));
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw refuse(messages.importEmpty);
  const { check, parsed } = rowChecker(columnsOf(header.record));
  const takeTurn = turnTaker();
  for (const row of rows) {
    check(row);
    await takeTurn();
  }
  return parsed;
}
