// Tests of a migration that moves existing data: a PGlite database migrated to just before it,
// where the test writes rows the old way, then `handle.migrate()` applies the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '@server/db/client';

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops before the one whose tag ends with `suffix`. */
export function migrationsBefore(suffix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tienda-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  // By name, not number: a merge renumbers migrations.
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(suffix));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Opens an in-memory database migrated up to just before the migration whose tag ends with
 * `suffix`; it is closed, and the copied migrations removed, after the file's tests.
 */
export function useDatabaseBeforeMigration(suffix: string) {
  let handle: DatabaseHandle | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    await handle?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return async (): Promise<DatabaseHandle> => {
    handle = await openDatabase({ dataDir: 'memory://' });
    folder = migrationsBefore(suffix);
    await migrate(handle.db as never, { migrationsFolder: folder });
    return handle;
  };
}
