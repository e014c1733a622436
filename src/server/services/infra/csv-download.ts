// The spreadsheet files the dashboard downloads, all written here: ';' and a UTF-8 BOM, what
// Excel in Spanish (Uruguay) opens without asking (docs/decisions/037-catalogue-csv.md), row by
// row, with every cell that a spreadsheet would run as a formula neutralised.
import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { startsWithQuotedFormula } from './formula-cells';

/**
 * What every download shares. `escape_formulas` writes a cell that starts with =, +, -, @, a
 * tab or a carriage return (or their full-width forms) with a leading ', so a customer named
 * `=HYPERLINK(...)` is text in Excel, not a link that leaks the sheet (OWASP "CSV injection").
 * A cell that already starts with quotes before such a character gets one more ', so taking one
 * ' back off (infra/formula-cells.ts, the catalogue import) always gives the original text.
 *
 * `quote_record_delimiter` quotes every cell holding a line feed or a carriage return. Left out,
 * csv-stringify quotes only a cell holding the record delimiter itself (CRLF here), so
 * `Ana<LF>=3+3` wrote `=3+3` at the start of a line of the file, outside any quotes: a row of
 * its own, and a formula, for a spreadsheet that breaks lines at a lone LF or CR.
 */
const CSV_DOWNLOAD_OPTIONS = {
  bom: true,
  header: true,
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { string: (value) => (startsWithQuotedFormula(value) ? `'${value}` : value) },
} as const satisfies Options;

declare const madeByTheWriter: unique symbol;

/**
 * A CSV file made by `csvDownloadStream`, the only body `sendCsvDownload` (http/csv-reply.ts)
 * sends: a download cannot skip this writer, and with it the formula escaping.
 */
export type CsvDownload = Readable & { readonly [madeByTheWriter]: true };

/**
 * A readable stream of the CSV file, BOM and header first, pulling `rows` as it is read. The
 * subscribers' list keeps the ',' it always had (`delimiter`); the rest use ';'.
 */
export function csvDownloadStream(
  rows: AsyncIterable<string[]> | Iterable<string[]>,
  columns: readonly string[],
  { delimiter = ';' }: { delimiter?: ';' | ',' } = {},
): CsvDownload {
  const file = Readable.from(rows).pipe(
    stringify({ ...CSV_DOWNLOAD_OPTIONS, delimiter, columns: [...columns] }),
  );
  return file as unknown as CsvDownload;
}
