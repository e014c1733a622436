// The server Playwright tests run against: the built SPA, a fresh database with demo data
// and a known admin. Started by playwright.config.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { seedIfEmpty } from '@server/db/seed';
import { ensureAdmin } from '@server/services/accounts';
import { createAppDeps } from '@server/deps';
import { E2E_ADMIN, E2E_PORT } from './e2e-constants';
import { registerE2eHarness } from './e2e-harness';
import { createPostgresDatabase } from './postgres-database';

const root = mkdtempSync(path.join(tmpdir(), 'tienda-e2e-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    PORT: String(E2E_PORT),
    DATA_DIR: path.join(root, 'data'),
    UPLOADS_DIR: path.join(root, 'uploads'),
    AUTH_RATE_LIMIT: '1000',
    // Specs take whole variants' stock as one customer; the caps have tests of their own, and
    // dashboard-orders.spec.ts gives its customer a small cap of their own.
    MAX_HELD_UNITS: '100000',
    MAX_HELD_VARIANT_PERCENT: '100',
  }),
  clientDir: process.env.E2E_DIST_DIR ?? path.resolve('dist/client'),
};
// A database of its own on the PostgreSQL server when DATABASE_URL is set, else PGlite on disk.
const created = process.env.DATABASE_URL
  ? await createPostgresDatabase(process.env.DATABASE_URL)
  : undefined;
const database = await openDatabase({ databaseUrl: created?.url, dataDir: config.DATA_DIR });
await database.migrate();
const deps = createAppDeps(database.db, config);
await seedIfEmpty(database.db, deps.storage);
await ensureAdmin(database.db, E2E_ADMIN.email, E2E_ADMIN.password);

const app = await buildApp(deps);
registerE2eHarness(app, database.db);
await app.listen({ port: config.PORT, host: '127.0.0.1' });
console.log(`e2e server on ${config.PORT}, uploads in ${config.UPLOADS_DIR}`);

const shutdown = async () => {
  await app.close();
  await database.close();
  await created?.drop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
