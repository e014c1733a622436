import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { createAppDeps } from '../src/server/deps';

/** A port nothing listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The store as production runs it, on a free port; limits opened wide for the load.
 * `cacheTtlMs: 0` turns the catalogue and page caches off.
 */
export async function startStore(
  db: Database,
  databaseUrl?: string,
  options: { cacheTtlMs?: number } = {},
) {
  const uploads = mkdtempSync(path.join(tmpdir(), 'tienda-bench-'));
  // Production needs PUBLIC_URL, so the port is chosen first: the quote scenarios send their
  // writes with this origin.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: uploads,
      AUTH_RATE_LIMIT: '1000',
      // The quote scenarios are a few customers placing orders as fast as they can.
      QUOTE_RATE_LIMIT: '1000000',
      MAX_OPEN_QUOTES: '1000000',
      // Nor do they hit the caps on units held (quote requests answered 409 counted as failures).
      MAX_HELD_UNITS: '1000000',
      MAX_HELD_VARIANT_PERCENT: '100',
    }),
    clientDir: path.join(uploads, 'no-client'),
  };
  const deps = createAppDeps(db, config, { catalogCacheTtlMs: options.cacheTtlMs });
  const app = await buildApp(deps);
  await deps.catalogSignal.listen();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    async close() {
      await deps.catalogSignal.stop();
      await app.close();
    },
  };
}
