import { RateLimiterMemory } from 'rate-limiter-flexible';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { ensureAdmin } from './services/accounts';
import { createOutbox } from './services/outbox';
import { createLocalStorage } from './storage/storage';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();

const storage = createLocalStorage(config.UPLOADS_DIR);
if (config.SEED) {
  const seeded = await seedIfEmpty(database.db, storage);
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

const outbox = createOutbox({ db: database.db, endpoint: config.FORM_ENDPOINT });
const rateLimiter = new RateLimiterMemory({ points: config.AUTH_RATE_LIMIT, duration: 60 });
const app = await buildApp(
  { db: database.db, config, storage, outbox, rateLimiter },
  { logger: true },
);
outbox.start();

await app.listen({ port: config.PORT, host: '0.0.0.0' });
console.log(`Tienda lista en http://localhost:${config.PORT} (base de datos: ${database.kind})`);

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await outbox.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
