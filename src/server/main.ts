import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createAppDeps } from './deps';
import { closeGracefullyOnSignals } from './ops/lifecycle';
import { createLogger } from './ops/logger';
import { ensureAdmin } from './services/accounts';

const config = loadConfig();
const log = createLogger();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();

const deps = createAppDeps(database.db, config, { log: log.child({ component: 'outbox' }) });
if (config.SEED) {
  const seeded = await seedIfEmpty(database.db, deps.storage);
  if (seeded) log.info(`Datos de demostración creados: ${seeded.products} productos.`);
}

if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const outcome = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  log.info(`Administrador ${config.ADMIN_EMAIL} ${outcome === 'created' ? 'creado' : 'listo'}.`);
} else {
  log.warn(
    'Sin administrador configurado: inicie con ADMIN_EMAIL y ADMIN_PASSWORD, ' +
      'o registre un usuario y ejecute `npm run admin -- promote EMAIL`.',
  );
}

const app = await buildApp(deps, { logger: log });
deps.outbox.start();
closeGracefullyOnSignals({
  app,
  log,
  steps: [
    { name: 'outbox', run: () => deps.outbox.stop() },
    { name: 'database', run: () => database.close() },
  ],
});

await app.listen({ port: config.PORT, host: '0.0.0.0' });
const { port } = app.server.address() as AddressInfo;
log.info(`Tienda lista en http://localhost:${port} (base de datos: ${database.kind})`);
