// What a backup file is: its name (the UTC instant it was taken), the manifest.json inside it,
// and the folder of backups with its retention. Written by backup.ts, read by restore.ts.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config';
import { migrationsFolder } from '../db/client';

/** A backup or restore that cannot go on: one line for the operator, no stack trace. */
export class BackupError extends ConfigError {}

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'tienda-respaldo';
export const MANIFEST_VERSION = 1;
/** Inside the archive: the database dump, the uploaded files, the bucket's listing. */
export const ARCHIVE_PATHS = {
  pgliteDump: 'database/pglite-data.tar.gz',
  postgresDump: 'database/postgres.dump',
  uploads: 'uploads',
  bucketListing: 's3-objects.json',
} as const;

const NAME_PREFIX = 'tienda-respaldo-';
const BACKUP_NAME = /^tienda-respaldo-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar$/;

/** 'tienda-respaldo-2026-11-26T03-20-00Z.tar': UTC, so names sort as the instants do. */
export function backupFileName(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  return `${NAME_PREFIX}${stamp}Z.tar`;
}

/** The instant a backup's name tells, or null for any other file. */
export function backupInstant(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, day, hour, minute, second] = match;
  return new Date(`${day}T${hour}:${minute}:${second}Z`);
}

export type BackupEntry = { file: string; name: string; createdAt: Date };

/** The backups in `dir`, oldest first; other files are not ours and are left alone. */
export async function listBackups(dir: string): Promise<BackupEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .map((name) => ({ name, createdAt: backupInstant(name) }))
    .filter((entry): entry is { name: string; createdAt: Date } => entry.createdAt !== null)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((entry) => ({ ...entry, file: path.join(dir, entry.name) }));
}

/** Deletes all but the newest `keep` backups of `dir` (0 keeps them all); returns the deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  if (keep === 0) return [];
  const backups = await listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of old) await rm(backup.file, { force: true });
  return old.map((backup) => backup.file);
}

/** '1 archivo', '3 archivos': counts in the commands' one-line answers. */
export const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const checkedFile = z.object({ bytes: z.number().int().min(0), sha256: z.string() });

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The same instant as people in the store read it ('26/11/2026, 00:20'). */
  createdAtMontevideo: z.string(),
  database: checkedFile.extend({
    kind: z.enum(['pglite', 'postgres']),
    file: z.string(),
    migrations: z.object({
      count: z.number().int().min(0),
      /** The journal tag of the newest applied migration, when this build knows it. */
      latest: z.string().nullable(),
      /** drizzle's creation time of the newest applied migration (its journal `when`). */
      latestCreatedAt: z.number().nullable(),
    }),
  }),
  uploads: z.discriminatedUnion('storage', [
    z.object({
      storage: z.literal('local'),
      count: z.number().int().min(0),
      bytes: z.number().int().min(0),
      /** By storage key: every file of `uploads/` in the archive. */
      files: z.record(z.string(), checkedFile),
    }),
    checkedFile.extend({
      storage: z.literal('s3'),
      bucket: z.string(),
      /** Objects listed in `s3-objects.json` (the objects stay in the bucket). */
      count: z.number().int().min(0),
      file: z.string(),
    }),
  ]),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export type JournalEntry = { tag: string; when: number };

/** The migrations this build ships, oldest first (drizzle's journal). */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}
