// `npm run restore -- FILE`: puts a backup (backup.ts) into an empty store. It checks every
// checksum first and refuses a store that already has a database or uploaded files unless
// `--force` (then those are replaced). The store then starts as usual on what it restored,
// applying the migrations newer than the backup. Decision: docs/decisions/053-backups.md.
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import * as tar from 'tar';
import { type Config, redactUrl } from '../config';
import { openDatabase } from '../db/client';
import { createStorage } from '../deps';
import {
  ARCHIVE_PATHS,
  type BackupManifest,
  BackupError,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  manifestSchema,
  migrationJournal,
  sha256Of,
} from './backup-archive';
import { assertNoServerOn, SERVER_LOCK_FILE } from './data-dir-lock';
import { runPgTool } from './pg-tools';

export type RestoreResult = {
  manifest: BackupManifest;
  /** Uploaded files written to UPLOADS_DIR (local storage). */
  files: number;
  /** With STORAGE=s3: keys the backup listed that the bucket no longer has. */
  missingObjects: string[];
};

const FORCE_HINT = 'restaurá en un almacenamiento vacío o agregá --force para reemplazarlo';

async function readManifest(work: string, archive: string): Promise<BackupManifest> {
  const text = await readFile(path.join(work, MANIFEST_FILE), 'utf8').catch(() => null);
  let parsed: unknown;
  try {
    parsed = text === null ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > MANIFEST_VERSION) {
    throw new BackupError(
      `${archive} tiene el formato de respaldo ${version}, más nuevo que el de esta versión ` +
        `de la tienda (${MANIFEST_VERSION}): actualizá la tienda para restaurarlo.`,
    );
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) {
    throw new BackupError(`${archive} no es un respaldo de la tienda (falta su manifest.json).`);
  }
  return manifest.data;
}

/** Every file the manifest names, with its size and SHA-256, before anything is touched. */
async function verifyChecksums(work: string, manifest: BackupManifest, archive: string) {
  const expected: [string, { bytes: number; sha256: string }][] = [
    [manifest.database.file, manifest.database],
  ];
  if (manifest.uploads.storage === 's3') {
    expected.push([manifest.uploads.file, manifest.uploads]);
  } else {
    for (const [key, file] of Object.entries(manifest.uploads.files)) {
      expected.push([`${ARCHIVE_PATHS.uploads}/${key}`, file]);
    }
  }
  for (const [name, file] of expected) {
    const full = path.join(work, name);
    const info = await stat(full).catch(() => null);
    if (!info || info.size !== file.bytes || (await sha256Of(full)) !== file.sha256) {
      throw new BackupError(`${archive} está dañado: ${name} no coincide con su suma de control.`);
    }
  }
}

function assertFits(manifest: BackupManifest, config: Config) {
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'El respaldo es de la base embebida (PGlite): restauralo sin DATABASE_URL.'
        : 'El respaldo es de PostgreSQL: restauralo con DATABASE_URL apuntando a una base vacía.',
    );
  }
  if (manifest.uploads.storage !== config.STORAGE) {
    throw new BackupError(
      manifest.uploads.storage === 's3'
        ? `Las imágenes del respaldo están en el bucket ${manifest.uploads.bucket}: restauralo con STORAGE=s3.`
        : 'Las imágenes del respaldo están en el archivo: restauralo con STORAGE=local.',
    );
  }
  const newestKnown = Math.max(0, ...migrationJournal().map((entry) => entry.when));
  const { latestCreatedAt } = manifest.database.migrations;
  if (latestCreatedAt !== null && latestCreatedAt > newestKnown) {
    throw new BackupError(
      'El respaldo tiene migraciones más nuevas que esta versión de la tienda: ' +
        'actualizá la tienda antes de restaurarlo.',
    );
  }
}

/** The entries of a folder that a store would have written (a missing folder has none). */
async function entriesOf(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => name !== SERVER_LOCK_FILE);
}

async function hasFiles(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  // As storage.list(): hidden files (uploads/.gitkeep) are not uploads.
  return entries.some((entry) => !entry.isDirectory() && !entry.name.startsWith('.'));
}

/** Removes what a folder holds, not the folder (it may be a mounted volume). */
async function emptyFolder(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) await rm(path.join(dir, name), { recursive: true, force: true });
}

/** On PostgreSQL, the schemas a store creates (public, drizzle), never the system's. */
const USER_SCHEMAS = `select nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`;

async function withPostgres<T>(databaseUrl: string, run: (sql: postgres.Sql) => Promise<T>) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await run(sql);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `No se pudo usar la base DATABASE_URL=${redactUrl(databaseUrl)}: ${(error as Error).message}`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Refuses a store with data, or (with --force) empties it. */
async function prepareStore(config: Config, force: boolean) {
  const url = config.DATABASE_URL;
  if (url) {
    await withPostgres(url, async (sql) => {
      if (force) {
        await sql.begin(async (tx) => {
          for (const { nspname } of await tx.unsafe<{ nspname: string }[]>(USER_SCHEMAS)) {
            await tx.unsafe(`drop schema "${nspname.replaceAll('"', '""')}" cascade`);
          }
          await tx.unsafe('create schema public');
        });
        return;
      }
      const [row] = await sql.unsafe<{ count: number }[]>(
        `select count(*)::int as count from pg_class
         where relkind in ('r', 'p', 'v', 'm', 'S')
           and relnamespace in (select oid from pg_namespace where nspname in (${USER_SCHEMAS}))`,
      );
      if ((row?.count ?? 0) > 0) {
        throw new BackupError(
          `La base DATABASE_URL=${redactUrl(url)} ya tiene tablas: ${FORCE_HINT}.`,
        );
      }
    });
  } else {
    const dataDir = path.resolve(config.DATA_DIR);
    if (force) await emptyFolder(dataDir);
    else if ((await entriesOf(dataDir)).length > 0) {
      throw new BackupError(
        `DATA_DIR=${config.DATA_DIR} ya tiene una base de datos: ${FORCE_HINT}.`,
      );
    }
  }
  if (config.STORAGE === 'local') {
    const uploadsDir = path.resolve(config.UPLOADS_DIR);
    if (force) await emptyFolder(uploadsDir);
    else if (await hasFiles(uploadsDir)) {
      throw new BackupError(`UPLOADS_DIR=${config.UPLOADS_DIR} ya tiene archivos: ${FORCE_HINT}.`);
    }
  }
}

async function restoreDatabase(work: string, manifest: BackupManifest, config: Config) {
  const dump = path.join(work, manifest.database.file);
  if (config.DATABASE_URL) {
    await runPgTool(
      'pg_restore',
      // Owners and grants are the old server's; --single-transaction: all of it or nothing.
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump],
      config.DATABASE_URL,
    );
    return;
  }
  const dataDir = path.resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const bytes = await readFile(dump);
  const database = await openDatabase({
    dataDir,
    loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }),
  });
  await database.close();
  // The dump of a running server holds that server's lock file: it is not this store's.
  await rm(path.join(dataDir, SERVER_LOCK_FILE), { force: true });
}

/**
 * Restores the backup `archive` into the store `config` describes. Throws BackupError (one
 * Spanish line) when the archive is not a sound backup, does not fit this store, or the store
 * is not empty (unless `force`).
 */
export async function restoreBackup(
  archive: string,
  config: Config,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  // First of all: while the server has PGlite open, nothing else may touch its folder.
  if (!config.DATABASE_URL) await assertNoServerOn(config.DATA_DIR);
  const file = path.resolve(archive);
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new BackupError(`No existe el archivo de respaldo ${archive}.`);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'tienda-restauracion-'));
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`${archive} no es un archivo tar legible: ${(error as Error).message}`);
    }
    const manifest = await readManifest(work, archive);
    await verifyChecksums(work, manifest, archive);
    assertFits(manifest, config);
    await prepareStore(config, options.force ?? false);
    await restoreDatabase(work, manifest, config);

    let files = 0;
    let missingObjects: string[] = [];
    if (manifest.uploads.storage === 'local') {
      const uploadsDir = path.resolve(config.UPLOADS_DIR);
      for (const key of Object.keys(manifest.uploads.files)) {
        const target = path.join(uploadsDir, key);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(
          path.join(work, ARCHIVE_PATHS.uploads, key),
          target,
          constants.COPYFILE_EXCL,
        );
        files += 1;
      }
    } else {
      const listed = JSON.parse(await readFile(path.join(work, manifest.uploads.file), 'utf8')) as {
        key: string;
      }[];
      const present = new Set((await createStorage(config).list()).map((object) => object.key));
      missingObjects = listed.map((object) => object.key).filter((key) => !present.has(key));
    }
    return { manifest, files, missingObjects };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
