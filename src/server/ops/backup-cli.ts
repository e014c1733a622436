// `npm run backup` (in the image: `node dist/server/backup-cli.js`): one backup file in
// BACKUP_DIR, then the oldest beyond BACKUP_KEEP are deleted. See ops/backup.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { createStorage } from '../deps';
import { connectConfiguredDatabase, runCommand } from '../startup';
import { BackupError, counted, pruneBackups } from './backup-archive';
import { createBackup } from './backup';
import { assertNoServerOn } from './data-dir-lock';

await runCommand(async () => {
  if (process.argv.length > 2) {
    console.error('Uso: npm run backup (sin argumentos; la carpeta es BACKUP_DIR)');
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    await assertNoServerOn(config.DATA_DIR);
    // Opening an empty folder would create a new database there: nothing to back up.
    if (!existsSync(path.join(config.DATA_DIR, 'PG_VERSION'))) {
      throw new BackupError(`No hay una base de datos en DATA_DIR=${config.DATA_DIR}.`);
    }
  }
  const database = await connectConfiguredDatabase({ ...config, DATABASE_POOL_SIZE: 1 });
  try {
    const { file, manifest } = await createBackup(
      { db: database.db, config, storage: createStorage(config) },
      { now: systemClock.now() },
    );
    const { uploads } = manifest;
    const files =
      uploads.storage === 'local'
        ? counted(uploads.count, 'archivo subido', 'archivos subidos')
        : `${counted(uploads.count, 'objeto listado', 'objetos listados')} del bucket ${uploads.bucket}`;
    console.log(
      `Respaldo creado: ${file} (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ` +
        `${counted(manifest.database.migrations.count, 'migración', 'migraciones')}, ${files}).`,
    );
    const pruned = await pruneBackups(path.dirname(file), config.BACKUP_KEEP);
    if (pruned.length > 0) {
      console.log(
        `Se ${pruned.length === 1 ? 'borró' : 'borraron'} ${counted(pruned.length, 'respaldo antiguo', 'respaldos antiguos')} ` +
          `(se guardan los ${config.BACKUP_KEEP} más nuevos, BACKUP_KEEP).`,
      );
    }
  } finally {
    await database.close();
  }
});
process.exit(process.exitCode ?? 0);
