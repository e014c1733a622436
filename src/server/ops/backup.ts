// `npm run backup` and the server's scheduled backup: one tar file in BACKUP_DIR holding
// manifest.json, the database's dump (PGlite's data directory, or pg_dump's custom format) and
// the uploaded files (or, with STORAGE=s3, the bucket's listing). Decision:
// docs/decisions/053-backups.md.
//
// Consistency while staff edit: the files are copied, then the database is dumped (pg_dump
// and PGlite's dump are snapshots), then the files that appeared meanwhile are copied. A
// file is written before its row commits and an old one removed only after the commit that
// stops naming it, so every file the dump names is in the archive.
import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { formatDateTime } from '@shared/format';
import { type Database, pgliteClientOf } from '../db/client';
import { pgErrorCode } from '../db/errors';
import { queryRows } from '../db/queries';
import type { AppDeps } from '../app-deps';
import {
  ARCHIVE_PATHS,
  type BackupManifest,
  BackupError,
  backupFileName,
  listBackups,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  migrationJournal,
  pruneBackups,
  sha256Of,
} from './backup-archive';
import { runPgTool } from './pg-tools';

/** What a backup reads: the open database, the configuration and the uploads' storage. */
export type BackupSource = Pick<AppDeps, 'db' | 'config' | 'storage'>;

export type BackupResult = { file: string; manifest: BackupManifest };

type CheckedFile = { bytes: number; sha256: string };

/**
 * A backup holds every account and order: BACKUP_DIR and every file written into it are the
 * owner's alone, from the moment they exist (docs/decisions/076-secrets-out-of-backups-and-mails.md).
 */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

const PG_UNDEFINED_TABLE = '42P01';
const PG_UNDEFINED_SCHEMA = '3F000';

/** How many migrations the database has applied, and the newest (drizzle's own table). */
async function appliedMigrations(db: Database): Promise<BackupManifest['database']['migrations']> {
  try {
    const [row] = await queryRows<{ count: number; latest: string | null }>(
      db,
      sql`select count(*)::int as count, max(created_at)::text as latest
          from drizzle.__drizzle_migrations`,
    );
    const latestCreatedAt = row?.latest ? Number(row.latest) : null;
    const latest = migrationJournal().find((entry) => entry.when === latestCreatedAt)?.tag;
    return { count: Number(row?.count ?? 0), latest: latest ?? null, latestCreatedAt };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code !== PG_UNDEFINED_TABLE && code !== PG_UNDEFINED_SCHEMA) throw error;
    return { count: 0, latest: null, latestCreatedAt: null };
  }
}

async function checked(file: string): Promise<CheckedFile> {
  return { bytes: (await stat(file)).size, sha256: await sha256Of(file) };
}

/** The database as one file under `staging`: PGlite's data directory, or pg_dump's archive. */
async function dumpDatabase(source: BackupSource, staging: string) {
  const url = source.config.DATABASE_URL;
  if (url) {
    const file = ARCHIVE_PATHS.postgresDump;
    await runPgTool('pg_dump', ['--format=custom', `--file=${path.join(staging, file)}`], url);
    return { kind: 'postgres' as const, file };
  }
  const client = pgliteClientOf(source.db);
  if (!client) throw new Error('Without DATABASE_URL the database must be PGlite');
  // Written pages make the dump smaller to replay; PGlite runs the dump between two queries,
  // never inside a transaction, so it is the state of the last commit either way.
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  const file = ARCHIVE_PATHS.pgliteDump;
  await writeFile(path.join(staging, file), Buffer.from(await dump.arrayBuffer()), {
    mode: PRIVATE_FILE,
  });
  return { kind: 'pglite' as const, file };
}

/**
 * Copies into `target` the stored files not copied yet (`copied`, by key). A hard link when
 * the backup folder shares the disk (instant, and the content stays even if the upload is
 * deleted next), a copy otherwise; a file deleted since the listing was deleted after its
 * commit, so the dump does not name it.
 */
async function copyNewUploads(
  source: BackupSource,
  target: string,
  copied: Map<string, CheckedFile>,
) {
  const root = path.resolve(source.config.UPLOADS_DIR);
  for (const { key } of await source.storage.list()) {
    if (copied.has(key)) continue;
    const from = path.join(root, key);
    const to = path.join(target, key);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await link(from, to).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw error;
        return copyFile(from, to);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    copied.set(key, await checked(to));
  }
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Backups inside what they back up would copy themselves into every next one. */
function assertOutsideTheStore(config: BackupSource['config'], backupDir: string) {
  const stores: [string, string][] = [];
  if (config.STORAGE === 'local') stores.push(['UPLOADS_DIR', config.UPLOADS_DIR]);
  if (!config.DATABASE_URL && !/^[a-z]+:\/\//.test(config.DATA_DIR)) {
    stores.push(['DATA_DIR', config.DATA_DIR]);
  }
  for (const [variable, folder] of stores) {
    if (isInside(backupDir, path.resolve(folder))) {
      throw new BackupError(
        `BACKUP_DIR=${config.BACKUP_DIR} está dentro de ${variable}=${folder}: ` +
          'elegí una carpeta aparte para los respaldos.',
      );
    }
  }
}

/**
 * Writes one backup file into BACKUP_DIR, named after `now` (UTC). The archive appears under
 * its name only once complete; nothing is left behind when a step fails.
 * `afterFilesCopied` runs between the first copy of the files and the dump (tests edit there).
 */
export async function createBackup(
  source: BackupSource,
  options: { now: Date; afterFilesCopied?: () => Promise<void> },
): Promise<BackupResult> {
  const { config } = source;
  const backupDir = path.resolve(config.BACKUP_DIR);
  try {
    await mkdir(backupDir, { recursive: true, mode: PRIVATE_FOLDER });
  } catch (error) {
    throw new BackupError(
      `No se pudo crear la carpeta BACKUP_DIR=${config.BACKUP_DIR} (${backupDir}): ` +
        (error as Error).message,
    );
  }
  // A folder made before (by hand, by an older version) may be open to every local user.
  try {
    await chmod(backupDir, PRIVATE_FOLDER);
  } catch (error) {
    throw new BackupError(
      `No se pudo dejar la carpeta BACKUP_DIR=${config.BACKUP_DIR} solo para su dueño (chmod 700): ` +
        (error as Error).message,
    );
  }
  assertOutsideTheStore(config, backupDir);
  const name = backupFileName(options.now);
  const file = path.join(backupDir, name);
  if (await stat(file).catch(() => null)) {
    throw new BackupError(`Ya existe un respaldo con el mismo nombre: ${file}`);
  }
  const staging = await mkdtemp(path.join(backupDir, `.${name}-`));
  const partial = `${file}.parcial`;
  try {
    await mkdir(path.join(staging, 'database'));
    const migrations = await appliedMigrations(source.db);
    const isLocal = config.STORAGE === 'local';
    const uploadsDir = path.join(staging, ARCHIVE_PATHS.uploads);
    const copied = new Map<string, CheckedFile>();
    if (isLocal) {
      await mkdir(uploadsDir);
      await copyNewUploads(source, uploadsDir, copied);
    }
    await options.afterFilesCopied?.();
    const database = await dumpDatabase(source, staging);
    let uploads: BackupManifest['uploads'];
    if (isLocal) {
      await copyNewUploads(source, uploadsDir, copied);
      const files = Object.fromEntries([...copied].sort(([a], [b]) => (a < b ? -1 : 1)));
      const bytes = [...copied.values()].reduce((sum, entry) => sum + entry.bytes, 0);
      uploads = { storage: 'local', count: copied.size, bytes, files };
    } else {
      // Listed after the dump: every key the dump names is in the list.
      const objects = await source.storage.list();
      const listing = path.join(staging, ARCHIVE_PATHS.bucketListing);
      await writeFile(listing, `${JSON.stringify(objects, null, 1)}\n`, { mode: PRIVATE_FILE });
      uploads = {
        storage: 's3',
        bucket: config.S3_BUCKET!,
        count: objects.length,
        file: ARCHIVE_PATHS.bucketListing,
        ...(await checked(listing)),
      };
    }
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: options.now.toISOString(),
      createdAtMontevideo: formatDateTime(options.now),
      database: {
        ...database,
        ...(await checked(path.join(staging, database.file))),
        migrations,
      },
      uploads,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE,
    });
    // Created 0600: never readable by others, not even while it is written.
    await tar.create({ file: partial, cwd: staging, portable: true, mode: PRIVATE_FILE }, [
      MANIFEST_FILE,
      'database',
      isLocal ? ARCHIVE_PATHS.uploads : ARCHIVE_PATHS.bucketListing,
    ]);
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

const HOUR_MS = 60 * 60 * 1000;

export type ScheduledBackup = BackupResult & { pruned: string[] };

/**
 * The server's own backup (jobs.ts, every BACKUP_EVERY_HOURS): takes one when the newest in
 * BACKUP_DIR (by hand or scheduled) is that old, then keeps the newest BACKUP_KEEP. Timed by
 * the files, so a restart neither skips nor repeats one.
 */
export async function backupIfDue(
  deps: BackupSource & Pick<AppDeps, 'clock'>,
): Promise<ScheduledBackup | null> {
  const everyHours = deps.config.BACKUP_EVERY_HOURS;
  if (!everyHours) return null;
  const now = deps.clock.now();
  const backupDir = path.resolve(deps.config.BACKUP_DIR);
  const newest = (await listBackups(backupDir)).at(-1);
  if (newest && now.getTime() - newest.createdAt.getTime() < everyHours * HOUR_MS) return null;
  const result = await createBackup(deps, { now });
  const pruned = await pruneBackups(backupDir, deps.config.BACKUP_KEEP);
  return { ...result, pruned };
}
