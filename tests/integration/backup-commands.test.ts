// `npm run backup` and `npm run restore` as an operator runs them: spawned processes with real
// environments. On PGlite they refuse while the server has DATA_DIR open (its pid in
// DATA_DIR/tienda.pid is alive). backup-restore.test.ts tests the backups themselves.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brands } from '@server/db/schema';
import { openDatabase } from '@server/db/client';
import { assertNoServerOn, SERVER_LOCK_FILE } from '@server/ops/data-dir-lock';
import { emptyStore, type EmptyStore, storeContents } from '../support/backup-stores';
import { createTestDeps } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const root = mkdtempSync(path.join(tmpdir(), 'tienda-comandos-respaldo-'));
const stores: EmptyStore[] = [];

type Outcome = { code: number | null; stdout: string; stderr: string };

/** A TypeScript entry point in a node process of its own, with exactly this environment. */
function start(script: string, args: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<Outcome>((resolve, reject) => {
    const child = start(script, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const BACKUP = 'src/server/ops/backup-cli.ts';
/** Each spawned node compiles its TypeScript first: slow on a busy machine, never a hang. */
const SPAWNING_TIMEOUT_MS = 180_000;
const RESTORE = 'src/server/ops/restore-cli.ts';

/** Exit code 1 and one line on stderr, with no stack trace. */
function expectOneLineRefusal(outcome: Outcome, ...fragments: string[]) {
  const lines = outcome.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(outcome.code, outcome.stderr).toBe(1);
  expect(lines, outcome.stderr).toHaveLength(1);
  for (const fragment of fragments) expect(lines[0]).toContain(fragment);
}

afterAll(async () => {
  for (const store of stores) await store.dispose();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(ON_POSTGRES)('on the embedded database (PGlite)', () => {
  let store: EmptyStore;

  beforeAll(async () => {
    // A migrated store on disk, from the test run's migrated data directory.
    store = await emptyStore(root, 'en-marcha');
    stores.push(store);
    await mkdir(store.env.DATA_DIR!, { recursive: true });
    const template = await readFile(inject('pgliteTemplateFile'));
    const database = await openDatabase({
      dataDir: store.env.DATA_DIR!,
      loadDataDir: new Blob([template]),
    });
    await database.db.insert(brands).values({ name: 'Lenovo' });
    await database.close();
  });

  it(
    'refuse while the server runs on DATA_DIR, and back up once it stopped',
    async () => {
      const server = start('src/server/main.ts', [], { ...store.env, PORT: '0', SEED: 'false' });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Tienda lista')) resolve();
        });
        server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        server.once('exit', () => reject(new Error(`the server stopped:\n${output}`)));
      });
      const lockFile = path.join(store.env.DATA_DIR!, SERVER_LOCK_FILE);
      try {
        const lock = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; host: string };
        expect(lock).toMatchObject({ pid: server.pid, host: hostname() });

        const running = `La tienda está en marcha sobre la base embebida DATA_DIR=${store.env.DATA_DIR} (pid ${server.pid})`;
        expectOneLineRefusal(await run(BACKUP, [], store.env), running);
        // Before it even reads the archive, and whatever --force says.
        expectOneLineRefusal(await run(RESTORE, ['cualquiera.tar', '--force'], store.env), running);
      } finally {
        server.kill('SIGTERM');
        await exited;
      }
      expect(existsSync(lockFile)).toBe(false);

      // A lock left by a crash names a pid that no longer lives: the command goes on.
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((resolve) => gone.once('exit', resolve));
      await writeFile(lockFile, JSON.stringify({ pid: gone.pid, host: hostname() }));
      const backup = await run(BACKUP, [], store.env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(
        /^Respaldo creado: .*tienda-respaldo-[\dT-]+Z\.tar \(PGlite, \d+ migraciones, 0 archivos subidos\)\.$/m,
      );
      expect(await readdir(store.env.BACKUP_DIR!)).toHaveLength(1);
    },
    SPAWNING_TIMEOUT_MS,
  );

  it('refuse a DATA_DIR whose server runs on another host or container', async () => {
    const dataDir = path.join(root, 'compartida');
    await mkdir(dataDir);
    await writeFile(
      path.join(dataDir, SERVER_LOCK_FILE),
      JSON.stringify({ pid: 1, host: 'otro-contenedor' }),
    );
    await expect(assertNoServerOn(dataDir)).rejects.toThrow(
      /la usa la tienda de otro equipo o contenedor \(otro-contenedor, pid 1\); si esa tienda está detenida, borrá .*tienda\.pid/,
    );
  });
});

describe.skipIf(!ON_POSTGRES)('on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(brands).values({ name: 'Lenovo' });
  });
  afterAll(() => database?.close());

  it(
    'back up with pg_dump and restore with pg_restore into an empty database',
    async () => {
      const origin = createTestDeps(database.db);
      const backupDir = path.join(root, 'pg-respaldos');
      const backup = await run(BACKUP, [], {
        DATABASE_URL: database.url!,
        UPLOADS_DIR: origin.config.UPLOADS_DIR,
        BACKUP_DIR: backupDir,
      });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('(PostgreSQL, ');
      const [name] = await readdir(backupDir);

      const store = await emptyStore(root, 'pg-restaurada');
      stores.push(store);
      const restore = await run(RESTORE, [path.join(backupDir, name!)], store.env);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(
        /^Respaldo del \d\d\/\d\d\/\d{4}, \d\d:\d\d \(hora de Montevideo\) restaurado/,
      );
      expect(await storeContents(await store.open())).toEqual(await storeContents(origin));

      expectOneLineRefusal(
        await run(RESTORE, [path.join(backupDir, name!)], store.env),
        'ya tiene tablas',
      );
      const usage = await run(RESTORE, [], store.env);
      expect([usage.code, usage.stderr.trim()]).toEqual([
        2,
        'Uso: npm run restore -- ARCHIVO.tar [--force]',
      ]);
    },
    SPAWNING_TIMEOUT_MS,
  );
});
