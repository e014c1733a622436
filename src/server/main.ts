import { buildApp } from './app';
import { loadConfig } from './config';
import { seedIfEmpty } from './db/seed';
import { createAppDeps } from './deps';
import { startBackgroundJobs } from './jobs';
import { ensureAdmin } from './services/accounts';
import {
  ensureWritableFolder,
  listenOrExplain,
  openConfiguredDatabase,
  runCommand,
} from './startup';

await runCommand(async () => {
  const config = loadConfig();
  await ensureWritableFolder('UPLOADS_DIR', config.UPLOADS_DIR);
  const database = await openConfiguredDatabase(config);

  const deps = createAppDeps(database.db, config);
  if (config.SEED) {
    const seeded = await seedIfEmpty(database.db, deps.storage);
    if (seeded) console.log(`Datos de demostración creados: ${seeded.products} productos.`);
  }

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const outcomes = {
      created: 'creado',
      'taken-over':
        'listo: la cuenta existente ahora usa ADMIN_PASSWORD y se cerraron sus sesiones',
      unchanged: 'listo',
    };
    console.log(`Administrador ${config.ADMIN_EMAIL} ${outcomes[outcome]}.`);
  } else {
    console.log(
      'Sin administrador configurado: inicie con ADMIN_EMAIL y ADMIN_PASSWORD, ' +
        'o registre un usuario y ejecute `npm run admin -- promote EMAIL`.',
    );
  }

  const app = await buildApp(deps, { logger: true });
  deps.outbox.start();
  const jobs = startBackgroundJobs(deps, app.log);

  let isShuttingDown = false;
  async function shutdown(signal: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await jobs.stop();
    await deps.outbox.stop();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await listenOrExplain(app, config.PORT);
  console.log(`Tienda lista en http://localhost:${config.PORT} (base de datos: ${database.kind})`);
});
