import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createAppDeps } from './deps';
import { ensureAdmin } from './services/accounts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();

const deps = createAppDeps(database.db, config);
if (config.SEED) {
  const seeded = await seedIfEmpty(database.db, deps.storage);
  if (seeded) console.log(`Datos de demostración creados: ${seeded.products} productos.`);
}

if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const outcome = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  console.log(`Administrador ${config.ADMIN_EMAIL} ${outcome === 'created' ? 'creado' : 'listo'}.`);
} else {
  console.log(
    'Sin administrador configurado: inicie con ADMIN_EMAIL y ADMIN_PASSWORD, ' +
      'o registre un usuario y ejecute `npm run admin -- promote EMAIL`.',
  );
}

const app = await buildApp(deps, { logger: true });
deps.outbox.start();

await app.listen({ port: config.PORT, host: '0.0.0.0' });
console.log(`Tienda lista en http://localhost:${config.PORT} (base de datos: ${database.kind})`);

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await deps.outbox.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
