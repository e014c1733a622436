// How long 'Importar CSV' takes on a 10,000-row file (docs/decisions/043-catalogue-import.md):
// `npx tsx bench/catalog-import.ts`, on PGlite and, with DATABASE_URL set, on PostgreSQL too,
// and how long a 450,000-row file holds the event loop. 100,000 rows on PostgreSQL, through
// HTTP: bench/catalog-import-scale.ts (docs/decisions/069-a-catalogue-import-at-scale.md).
// Prints figures; asserts nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CATALOG_CSV_COLUMNS, catalogCsvStream } from '../src/server/services/catalog/csv/export';
import { parseCatalogFile } from '../src/server/services/catalog/csv/import-parse';
import {
  applyCatalogImport,
  previewCatalogImport,
} from '../src/server/services/catalog/csv/import-apply';
import { users } from '../src/server/db/schema';
import { type BenchDatabase, benchDatabases } from './database';
import { seedLargeCatalog } from './seed';

const ROWS = 10_000;

async function run(open: () => Promise<BenchDatabase>) {
  const database = await open();
  try {
    await seedLargeCatalog(database.db);
    const exported = parse<Record<string, string>>(await text(catalogCsvStream(database.db)), {
      bom: true,
      delimiter: ';',
      columns: true,
    });
    // 10,000 rows: a tenth of them with a new price, the last 100 as a new product's variants.
    const rows = exported
      .slice(0, ROWS - 100)
      .map((row, index) =>
        index % 10 === 0 ? { ...row, precio: (Number(row.precio) + 1).toFixed(2) } : row,
      );
    for (let index = 0; index < 100; index += 1) {
      rows.push({ ...rows[0]!, slug: `importado-${index}`, imagenes: '' });
    }
    const file = Buffer.from(
      stringify(rows, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true }),
    );

    let started = performance.now();
    const preview = await previewCatalogImport(database.db, file, { createTaxonomies: false });
    const previewMs = performance.now() - started;
    const [admin] = await database.db
      .insert(users)
      .values({ email: 'bench@tienda.uy', passwordHash: 'x' })
      .returning({ id: users.id });
    started = performance.now();
    const applied = await applyCatalogImport(
      database.db,
      { data: file, fileName: 'bench.csv' },
      { createTaxonomies: false, stockRead: preview.stockRead, isUnusualPriceConfirmed: true },
      { userId: admin!.id },
    );
    const applyMs = performance.now() - started;
    console.log(
      `${database.kind}: ${rows.length} rows (${(file.length / 1024 / 1024).toFixed(1)} MB), ` +
        `preview ${Math.round(previewMs)} ms ${JSON.stringify(preview.counts)}, ` +
        `apply ${Math.round(applyMs)} ms ${JSON.stringify(applied)}`,
    );
  } finally {
    await database.close();
  }
}

/**
 * How long the event loop stands still while a 450,000-row file is read and refused at the row
 * past CATALOG_IMPORT_MAX_ROWS (tests/integration/catalog-import-load.test.ts checks that it
 * takes turns at all).
 */
async function loopDelayOfHugeFile() {
  const header = `${CATALOG_CSV_COLUMNS.join(';')}\n`;
  const rows = Array.from({ length: 450_000 }, (_, index) => `f${index};F;M;C;;;;;1;1;`);
  const file = Buffer.from(`${header}${rows.join('\n')}\n`);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const outcome = await parseCatalogFile(file).then(
    () => 'read',
    (error: Error) => error.message,
  );
  const tookMs = performance.now() - started;
  loopDelay.disable();
  console.log(
    `450,000-row file (${(file.length / 1024 / 1024).toFixed(1)} MB): ${outcome} in ` +
      `${Math.round(tookMs)} ms, event loop stood still at most ${Math.round(loopDelay.max / 1e6)} ms`,
  );
}

for (const open of benchDatabases(process.env.DATABASE_URL)) await run(open);
await loopDelayOfHugeFile();
