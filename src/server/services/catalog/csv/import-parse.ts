// Reading an imported catalogue file into rows checked by the product form's own schema, each
// kept with its line in the file so the preview can name it (docs/decisions/043-catalogue-import.md).
import { CsvError, parse } from 'csv-parse';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_LIMITS,
  type CatalogImportRow,
  catalogImportRowSchema,
} from '@shared/schemas/catalog-import';
import { FieldError, unstorableTextError } from '../../../validation';
import { CATALOG_CSV_COLUMNS, LIST_SEPARATOR, OPTIONAL_CSV_COLUMNS } from './export';
import { unescapeFormulaCell } from '../../infra/formula-cells';
import { turnTaker } from './turns';

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

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The file's bytes as they arrived, in chunks: a 40 MB upload joined into one buffer took a
 * 40 MB allocation and copy, and the garbage collection it set off held the event loop for
 * 200 ms on a busy machine. The first chunk holds at least the header line (or the whole file).
 */
type FileBytes = readonly Buffer[];

const HEAD_BYTES = 64 * 1024;

/** The chunks with the first one at least HEAD_BYTES long (or all of them), BOM removed. */
function fileBytesOf(data: Buffer | FileBytes): FileBytes {
  const chunks = Buffer.isBuffer(data) ? [data] : data.filter((chunk) => chunk.length > 0);
  let joined = 1;
  for (let size = chunks[0]?.length ?? 0; size < HEAD_BYTES && joined < chunks.length; joined++) {
    size += chunks[joined]!.length;
  }
  const head = joined > 1 ? Buffer.concat(chunks.slice(0, joined)) : (chunks[0] ?? Buffer.alloc(0));
  const hasBom = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM);
  return [hasBom ? head.subarray(UTF8_BOM.length) : head, ...chunks.slice(joined)];
}

/**
 * The file's text a slice at a time, refused unless it is UTF-8 (Excel's "CSV UTF-8"). A
 * character cut by a slice's end is kept for the next one.
 */
function* textSlices(chunks: FileBytes) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (const [index, chunk] of chunks.entries()) {
    const isLastChunk = index === chunks.length - 1;
    for (let start = 0; start < chunk.length; start += SLICE_BYTES) {
      const end = start + SLICE_BYTES;
      try {
        yield decoder.decode(chunk.subarray(start, end), {
          stream: !isLastChunk || end < chunk.length,
        });
      } catch {
        throw refuse(messages.importNotCsv);
      }
    }
  }
}

/** ';' is what the export and Excel in Spanish write; a header without one was saved with ','. */
function delimiterOf(chunks: FileBytes) {
  const head = chunks[0]!;
  const lineEnd = head.indexOf('\n');
  const header = lineEnd === -1 ? head : head.subarray(0, lineEnd);
  return header.includes(';') ? ';' : ',';
}

type FileRecord = { record: string[]; info: { lines: number } };

/**
 * The file's records in batches, parsed a slice of the file at a time (';' or ',', quoted
 * cells may span lines), with turns for the event loop between slices; stopping early stops
 * the reading.
 */
async function* fileRecords(body: FileBytes): AsyncGenerator<FileRecord[]> {
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
function errorLine(body: FileBytes, error: CsvError) {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    let unread = Number(error.bytes_records ?? 0);
    let lines = 1;
    for (const chunk of body) {
      const read = chunk.subarray(0, unread);
      for (let at = read.indexOf(10); at !== -1; at = read.indexOf(10, at + 1)) lines += 1;
      unread -= read.length;
      if (unread <= 0) break;
    }
    return lines;
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
  const firstRowOfProduct = new Map<string, { row: ParsedRow; fields: string }>();

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
    const fields = productFields(row);
    if (first && first.fields !== fields) {
      return parsed.invalid.push({ line, reason: importMessages.productMismatch(first.row.line) });
    }
    firstLineOfVariant.set(variantKey(row), line);
    if (!first) {
      firstRowOfProduct.set(row.slug, { row, fields });
      parsed.rows.push(row);
      return;
    }
    // The product's fields are its first row's, equal: kept once, not once per variant (a
    // 100,000-row file held them 100,000 times).
    const { name, brand, category, features, images } = first.row;
    parsed.rows.push({ ...row, name, brand, category, features, images });
  }

  return { check, parsed };
}

/**
 * Parses the file (';' or ',', with or without a BOM) into valid rows and invalid rows with
 * their reasons, each row checked as it is read, so the file's records never all live at once.
 * A file that cannot be read as a whole (not UTF-8, broken quoting, no rows, missing columns)
 * is refused with a FieldError under the file field, in that order, and one past `maxRows`
 * (CATALOG_IMPORT_MAX_ROWS) as soon as its next row is read: the rest is never read.
 */
export async function parseCatalogFile(
  data: Buffer | FileBytes,
  { maxRows } = CATALOG_IMPORT_LIMITS,
): Promise<ParsedFile> {
  const body = fileBytesOf(data);
  let isHeaderRead = false;
  let checker: ReturnType<typeof rowChecker> | undefined;
  // A header without the import's columns refuses the file, unless it cannot be read at all.
  let headerRefusal: unknown;
  let rowCount = 0;
  const takeTurn = turnTaker();
  try {
    for await (const batch of fileRecords(body)) {
      for (const entry of batch) {
        if (!isHeaderRead) {
          isHeaderRead = true;
          try {
            checker = rowChecker(columnsOf(entry.record));
          } catch (refusal) {
            headerRefusal = refusal;
          }
          continue;
        }
        rowCount += 1;
        // The header and `maxRows` rows are read: this one is a row too many.
        if (rowCount > maxRows) throw refuse(importMessages.tooManyRows(maxRows));
        checker?.check(entry);
        await takeTurn();
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw refuse(importMessages.parseError(errorLine(body, error)));
    throw error;
  }
  if (rowCount === 0) throw refuse(messages.importEmpty);
  if (headerRefusal || !checker) throw headerRefusal;
  return checker.parsed;
}
