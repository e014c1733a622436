// `npm run restore -- FILE [--force]` (in the image: `node dist/server/restore-cli.js FILE`):
// restores a backup into an empty store. See ops/restore.ts.
import { loadConfig } from '../config';
import { runCommand } from '../startup';
import { counted } from './backup-archive';
import { restoreBackup } from './restore';

const USAGE = 'Uso: npm run restore -- ARCHIVO.tar [--force]';

await runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const {
    manifest,
    files: restored,
    missingObjects,
  } = await restoreBackup(files[0]!, config, {
    force,
  });
  const where = config.DATABASE_URL
    ? 'la base de DATABASE_URL'
    : `la base embebida en DATA_DIR=${config.DATA_DIR}`;
  const uploads =
    manifest.uploads.storage === 'local'
      ? ` y ${counted(restored, 'archivo', 'archivos')} en UPLOADS_DIR=${config.UPLOADS_DIR}`
      : '';
  console.log(
    `Respaldo del ${manifest.createdAtMontevideo} (hora de Montevideo) restaurado en ${where}${uploads}. ` +
      'Iniciá la tienda: aplicará las migraciones posteriores al respaldo.',
  );
  if (missingObjects.length > 0) {
    console.error(
      `Atención: ${missingObjects.length === 1 ? 'falta' : 'faltan'} ${counted(missingObjects.length, 'objeto', 'objetos')} del respaldo en el bucket ` +
        `(${missingObjects.slice(0, 3).join(', ')}${missingObjects.length > 3 ? '…' : ''}): ` +
        'recuperalos de las versiones anteriores del bucket.',
    );
    process.exitCode = 3;
  }
});
process.exit(process.exitCode ?? 0);
