// PGlite lives inside the server's process: a second process that opens the same DATA_DIR (a
// backup, a restore) while the server runs would corrupt it. The server says it is there with
// a small file in DATA_DIR (its pid and host), removed at shutdown; the command-line tools read
// it and refuse while that process lives. A file left by a crash names a dead pid and is
// ignored. Decision: docs/decisions/053-backups.md.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { BackupError } from './backup-archive';

export const SERVER_LOCK_FILE = 'tienda.pid';

type LockRecord = { pid: number; host: string; startedAt: string };

const isInMemory = (dataDir: string) => /^[a-z]+:\/\//.test(dataDir);
const lockPath = (dataDir: string) => path.join(path.resolve(dataDir), SERVER_LOCK_FILE);

/**
 * Written by the server when it opens PGlite in `dataDir`; `release()` removes it (at
 * shutdown), unless another server has written its own since.
 */
export async function holdDataDirLock(dataDir: string, now: Date) {
  if (isInMemory(dataDir)) return { release: async () => {} };
  const file = lockPath(dataDir);
  const record: LockRecord = { pid: process.pid, host: hostname(), startedAt: now.toISOString() };
  await writeFile(file, `${JSON.stringify(record)}\n`);
  return {
    async release() {
      const current = await readLock(dataDir);
      if (current?.pid === process.pid && current.host === record.host)
        await rm(file, { force: true });
    },
  };
}

async function readLock(dataDir: string): Promise<LockRecord | null> {
  const text = await readFile(lockPath(dataDir), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a command-line tool while a server may have PGlite open in `dataDir`: its pid is alive
 * on this host, or it runs on another host or container sharing the folder (whose pids cannot
 * be checked from here). The tool's own pid is never the server: in a fresh container both
 * are pid 1, and a file with the tool's pid was left by a server that is gone.
 */
export async function assertNoServerOn(dataDir: string) {
  const lock = await readLock(dataDir);
  if (!lock) return;
  const file = path.join(dataDir, SERVER_LOCK_FILE);
  if (lock.host !== hostname()) {
    throw new BackupError(
      `La base embebida DATA_DIR=${dataDir} la usa la tienda de otro equipo o contenedor ` +
        `(${lock.host}, pid ${lock.pid}); si esa tienda está detenida, borrá ${file} y reintentá.`,
    );
  }
  if (lock.pid === process.pid || !isAlive(lock.pid)) return;
  throw new BackupError(
    `La tienda está en marcha sobre la base embebida DATA_DIR=${dataDir} (pid ${lock.pid}): ` +
      'abrirla desde otro proceso la dañaría. Detenela, o activá BACKUP_EVERY_HOURS para que ' +
      'la tienda haga sus propios respaldos.',
  );
}
