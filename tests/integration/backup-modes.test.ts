// A backup holds the whole database: its file and its folder are the owner's alone (0600 and
// 0700), whatever the process's umask, also when the folder existed before with wider
// permissions, while the backup is being written, and for the schedule's backups
// (docs/decisions/076-secrets-out-of-backups-and-mails.md). Runs on PGlite and PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '@server/app-deps';
import { backupIfDue, createBackup } from '@server/ops/backup';
import { movableClock } from '../support/clock';
import { createTestDeps } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';

const root = mkdtempSync(path.join(tmpdir(), 'tienda-respaldos-modos-'));
const clock = movableClock('2026-11-26T03:20:00Z');
const HOUR_MS = 60 * 60 * 1000;

let database: TestDatabase;
let previousUmask: number;

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

function depsFor(backupDir: string, env: Record<string, string> = {}): AppDeps {
  return createTestDeps(database.db, {
    clock,
    env: {
      BACKUP_DIR: backupDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
// With no umask at all, a file or folder made without an explicit mode would be readable by
// everyone (0666, 0777): only the modes the code asks for keep them private.
beforeEach(() => {
  previousUmask = process.umask(0);
});
afterEach(() => {
  process.umask(previousUmask);
});

describe('backup permissions', () => {
  it('creates a new folder 0700 and the backup file 0600, private while it is written', async () => {
    const backupDir = path.join(root, 'nueva', 'respaldos');
    const seen: { staging: number[]; folder: number } = { staging: [], folder: 0 };
    const { file } = await createBackup(depsFor(backupDir), {
      now: clock.now(),
      afterFilesCopied: async () => {
        seen.folder = await modeOf(backupDir);
        for (const name of await readdir(backupDir)) {
          seen.staging.push(await modeOf(path.join(backupDir, name)));
        }
      },
    });
    expect(seen.folder).toBe(0o700);
    expect(seen.staging.length).toBeGreaterThan(0);
    for (const mode of seen.staging) expect(mode).toBe(0o700);
    expect(await modeOf(backupDir)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
  });

  it('narrows a folder that already existed open to everyone', async () => {
    const backupDir = path.join(root, 'existente');
    await mkdir(backupDir, { recursive: true });
    await chmod(backupDir, 0o755);
    clock.advance(HOUR_MS);
    const { file } = await createBackup(depsFor(backupDir), { now: clock.now() });
    expect(await modeOf(backupDir)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
  });

  it("makes the schedule's backups private too", async () => {
    const backupDir = path.join(root, 'programados');
    await mkdir(backupDir, { recursive: true, mode: 0o777 });
    await chmod(backupDir, 0o777);
    clock.advance(HOUR_MS);
    const result = await backupIfDue(depsFor(backupDir, { BACKUP_EVERY_HOURS: '1' }));
    expect(result).not.toBeNull();
    expect(await modeOf(backupDir)).toBe(0o700);
    expect(await modeOf(result!.file)).toBe(0o600);
  });
});
