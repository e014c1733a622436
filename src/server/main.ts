import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { seedIfEmpty } from './seed';
import { createAppDeps } from './deps';
import { startBackgroundJobs } from './jobs';
import { holdDataDirLock } from './ops/data-dir-lock';
import { closeGracefullyOnSignals } from './ops/lifecycle';
import { createLogger } from './ops/logger';
import { ensureAdmin } from './services/accounts/accounts';
import {
  ensureWritableFolder,
  listenOrExplain,
  openConfiguredDatabase,
  runCommand,
} from './startup';

await runCommand(async () => {
  const config = loadConfig();
  const log = createLogger();
  await ensureWritableFolder('UPLOADS_DIR', config.UPLOADS_DIR);
  const database = await openConfiguredDatabase(config);
  // PGlite is this process's alone: backup and restore commands refuse while this file names
  // a live pid (ops/data-dir-lock.ts). Removed after the database closes.
  const dataDirLock =
    database.kind === 'pglite'
      ? await holdDataDirLock(config.DATA_DIR, systemClock.now())
      : undefined;

  const deps = createAppDeps(database.db, config, { log: log.child({ component: 'outbox' }) });
  if (config.SEED) {
    const seeded = await seedIfEmpty(database.db, deps.storage);
    if (seeded) log.info(`Datos de demostración creados: ${seeded.products} productos.`);
  }

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const outcomes = {
      created: 'creado',
      'taken-over':
        'listo: la cuenta existente ahora usa ADMIN_PASSWORD y se cerraron sus sesiones',
      unchanged: 'listo',
    };
    log.info(`Administrador ${config.ADMIN_EMAIL} ${outcomes[outcome]}.`);
  } else {
    log.warn(
      'Sin administrador configurado: iniciá con ADMIN_EMAIL y ADMIN_PASSWORD, ' +
        'o registre un usuario y ejecute `npm run admin -- promote EMAIL`.',
    );
  }

  const app = await buildApp(deps, { logger: log });
  // Before serving: from the first request on, other instances' changes clear this one's caches.
  await deps.catalogSignal.listen();
  await deps.outbox.start();
  const jobs = startBackgroundJobs(deps, app.log);
  closeGracefullyOnSignals({
    app,
    log,
    steps: [
      { name: 'jobs', run: () => jobs.stop() },
      { name: 'outbox', run: () => deps.outbox.stop() },
      { name: 'catalogue signal', run: () => deps.catalogSignal.stop() },
      { name: 'database', run: () => database.close() },
      { name: 'data dir lock', run: () => dataDirLock?.release() },
    ],
  });

  const port = await listenOrExplain(app, config.PORT);
  log.info(`Tienda lista en http://localhost:${port} (base de datos: ${database.kind})`);
});
