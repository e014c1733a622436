// The spreadsheet files the dashboard downloads: ';' and a UTF-8 BOM, what Excel in Spanish
// (Uruguay) opens without asking (docs/decisions/037-catalogue-csv.md), written row by row.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** A readable stream of the CSV file, BOM and header first, pulling `rows` as it is read. */
export function csvDownloadStream(rows: AsyncIterable<string[]>, columns: readonly string[]) {
  return Readable.from(rows).pipe(
    stringify({
      delimiter: ';',
      bom: true,
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
    }),
  );
}
