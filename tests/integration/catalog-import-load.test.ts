// An import never stalls the store: a catalogue file far past the row limit is refused as soon
// as the limit is passed, and reading a file gives the event loop turns for other requests
// (a 9.9 MB, 450,000-row preview used to hold it for 2.5 s). How long the loop stands still
// is a figure of `npx tsx bench/catalog-import.ts`, not an assertion here: timings on a
// shared machine are not a test.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS } from '@server/services/catalog-csv/export';
import { parseCatalogFile } from '@server/services/catalog-csv/import-parse';
import { messages } from '@shared/messages';
import {
  CATALOG_IMPORT_CREATE_FIELD,
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_MAX_ROWS,
  CATALOG_IMPORT_PREVIEW_URL,
} from '@shared/schemas/catalog-import';
import { SAME_ORIGIN } from '../support/http';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });

const ROWS = 450_000;

/**
 * A catalogue file of ROWS short rows, written to a folder of the test's own. Built in one
 * buffer, not as 450,000 strings: collecting those could pause the process mid-measure.
 */
function writeHugeCatalogue(): string {
  const header = `${CATALOG_CSV_COLUMNS.join(';')}\n`;
  const row = (index: number) => `f${index};F;M;C;;;;;1;1;\n`;
  const size = Buffer.byteLength(header) + ROWS * Buffer.byteLength(row(ROWS));
  const content = Buffer.alloc(size);
  let offset = content.write(header);
  for (let index = 0; index < ROWS; index++) offset += content.write(row(index), offset);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tienda-import-')), 'enorme.csv');
  writeFileSync(file, content.subarray(0, offset));
  return file;
}

/** The preview request as the dashboard's form sends it, encoded before anything is measured. */
function previewRequest(data: Buffer) {
  const boundary = '----tienda-importacion';
  const part = (headers: string) => `--${boundary}\r\n${headers}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      `${part(`Content-Disposition: form-data; name="${CATALOG_IMPORT_CREATE_FIELD}"`)}false\r\n`,
    ),
    Buffer.from(
      part(
        `Content-Disposition: form-data; name="${CATALOG_IMPORT_FILE_FIELD}"; filename="enorme.csv"\r\nContent-Type: text/csv`,
      ),
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST' as const,
    url: CATALOG_IMPORT_PREVIEW_URL,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.adminCookie,
      ...SAME_ORIGIN,
    },
    payload,
  };
}

const rowsText = (count: number) =>
  Array.from({ length: count }, (_, index) => `g${index};G;M;C;;;;;1;1;`).join('\n');

it('refuses a 450,000-row file at row 20,001', async () => {
  const data = readFileSync(writeHugeCatalogue());
  expect(data.length).toBeGreaterThan(9.5 * 1024 * 1024);
  expect(data.length).toBeLessThan(CATALOG_IMPORT_MAX_BYTES);
  const response = await world.app.inject(previewRequest(data));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: messages.importTooManyRows });
});

it('checks a file of 20,000 rows in turns of the event loop, never in one go', async () => {
  const text = `${CATALOG_CSV_COLUMNS.join(';')}\n${rowsText(CATALOG_IMPORT_MAX_ROWS)}\n`;
  // Counts the turns other work gets while the file is read and checked.
  let turns = 0;
  let isReading = true;
  const tick = () => {
    if (!isReading) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const parsed = await parseCatalogFile(Buffer.from(text));
  isReading = false;
  expect(parsed.invalid).toHaveLength(CATALOG_IMPORT_MAX_ROWS);
  expect(turns).toBeGreaterThan(1);
});

it('stops reading at row 20,001: what comes after is never read', async () => {
  // A quote left open on the last line would refuse the file as unreadable, were it read.
  const header = CATALOG_CSV_COLUMNS.join(';');
  const text = `${header}\n${rowsText(CATALOG_IMPORT_MAX_ROWS + 1)}\n"sin cerrar;x\n`;
  const response = await world.app.inject(previewRequest(Buffer.from(text)));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: messages.importTooManyRows });

  // One row fewer is read to its end, and refused for that line.
  const shorter = `${header}\n${rowsText(CATALOG_IMPORT_MAX_ROWS)}\n"sin cerrar;x\n`;
  const unreadable = await world.app.inject(previewRequest(Buffer.from(shorter)));
  expect(unreadable.statusCode).toBe(400);
  expect(unreadable.json<{ error: string }>().error).toMatch(/no se puede leer.*comillas/);
});
