// The server and the admin command as an operator runs them: spawned processes with real
// environments. A wrong setting stops the start with one line naming it, never a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, poolUsage } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { userRoles, users } from '@server/db/schema';
import { registerCustomer } from '@server/services/accounts/accounts';
import { openConfiguredDatabase } from '@server/startup';
import { createPostgresDatabase } from '../support/db';

const TSX = path.resolve('node_modules/.bin/tsx');
const root = mkdtempSync(path.join(tmpdir(), 'tienda-startup-'));

type Outcome = { code: number | null; stdout: string; stderr: string };

/** Runs a server entry point with exactly this environment (plus PATH), feeding `input`. */
function run(script: string, args: string[], env: Record<string, string>, input = '') {
  return new Promise<Outcome>((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Exit code 1 and one line on stderr, with no stack trace. */
function expectOneLineFailure(outcome: Outcome, ...fragments: string[]) {
  const lines = outcome.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(outcome.code, outcome.stderr).toBe(1);
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
  for (const fragment of fragments) expect(lines[0]).toContain(fragment);
}

describe('start-up with a wrong environment', () => {
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('creates missing parent folders of DATA_DIR and UPLOADS_DIR, then names a busy PORT', async () => {
    const dataDir = path.join(root, 'no', 'existe', 'data');
    const uploadsDir = path.join(root, 'tampoco', 'uploads');
    const outcome = await run('src/server/main.ts', [], {
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      PORT: String(busyPort),
      SEED: 'false',
    });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(uploadsDir)).toBe(true);
    expectOneLineFailure(outcome, `PORT=${busyPort}`, 'ya está en uso');
  });

  it('names DATA_DIR and the path when the folder cannot be created', async () => {
    const file = path.join(root, 'un-archivo');
    writeFileSync(file, 'no soy una carpeta');
    const outcome = await run('src/server/main.ts', [], {
      DATA_DIR: path.join(file, 'data'),
      UPLOADS_DIR: path.join(root, 'uploads'),
      SEED: 'false',
    });
    expectOneLineFailure(outcome, 'DATA_DIR=', path.join(file, 'data'));
  });

  it('names a malformed DATABASE_URL and an unreachable one, hiding the password', async () => {
    const malformed = await run('src/server/main.ts', [], {
      DATABASE_URL: 'postgres//sin-dos-puntos',
    });
    expectOneLineFailure(malformed, 'DATABASE_URL', 'postgres//sin-dos-puntos');

    const unreachable = await run('src/server/main.ts', [], {
      DATABASE_URL: 'postgres://tienda:muy-secreta@127.0.0.1:1/tienda',
      UPLOADS_DIR: path.join(root, 'uploads'),
    });
    expectOneLineFailure(unreachable, 'DATABASE_URL=postgres://tienda:***@127.0.0.1:1/tienda');
    expect(unreachable.stderr).not.toContain('muy-secreta');
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    // Canonical and link-preview URLs must not come from the request's Host header.
    const outcome = await run('src/server/main.ts', [], {
      NODE_ENV: 'production',
      // Were the check missing, the start would stop at the busy port, not listen for good.
      PORT: String(busyPort),
      DATA_DIR: path.join(root, 'produccion'),
      UPLOADS_DIR: path.join(root, 'uploads'),
    });
    expectOneLineFailure(outcome, 'PUBLIC_URL', 'NODE_ENV=production');
    expect(outcome.stderr).toMatch(/^Configuración inválida: PUBLIC_URL es obligatoria/);
    expect(existsSync(path.join(root, 'produccion'))).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tienda.com.uy' }).PUBLIC_URL,
    ).toBe('https://tienda.com.uy');
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses an ADMIN_PASSWORD shorter than 12 characters, naming it', () => {
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'jefa@tienda.uy', ADMIN_PASSWORD: 'corta-clave' }),
    ).toThrow(/ADMIN_PASSWORD: debe tener al menos 12 caracteres/);
    expect(
      loadConfig({ ADMIN_EMAIL: 'jefa@tienda.uy', ADMIN_PASSWORD: 'largo-de-doce' }).ADMIN_PASSWORD,
    ).toBe('largo-de-doce');
  });

  it('refuses a common breached ADMIN_PASSWORD, whatever its case, with one line naming it', async () => {
    const outcome = await run('src/server/main.ts', [], {
      ADMIN_EMAIL: 'jefa@tienda.uy',
      // Twelve characters, among the most common passwords of public breaches.
      ADMIN_PASSWORD: ' Password1234 ',
      // Were the check missing, the start would stop at the busy port, not listen for good.
      PORT: String(busyPort),
      SEED: 'false',
      DATA_DIR: path.join(root, 'admin-filtrada'),
      UPLOADS_DIR: path.join(root, 'uploads'),
    });
    expectOneLineFailure(
      outcome,
      'ADMIN_PASSWORD: es una de las contraseñas más usadas y filtradas: elegí otra',
    );
    expect(outcome.stderr).not.toContain('Password1234');
    expect(existsSync(path.join(root, 'admin-filtrada'))).toBe(false);
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'jefa@tienda.uy', ADMIN_PASSWORD: '123456789012' }),
    ).toThrow(/ADMIN_PASSWORD: es una de las contraseñas más usadas/);
  });
});

describe('npm run admin -- promote', () => {
  const dataDir = path.join(root, 'admin-data');
  const email = 'alguien@empresa.uy';

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await registerCustomer(database.db, { email, password: 'secreto1', fullName: 'Alguien Ajeno' });
    await database.close();
  });

  async function roleOf() {
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select({ role: userRoles.role })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, email));
      return row?.role;
    } finally {
      await database.close();
    }
  }

  it('shows who the account is and does nothing without confirmation', async () => {
    for (const answer of ['', 'n\n']) {
      const outcome = await run(
        'src/server/admin-cli.ts',
        ['promote', email],
        { DATA_DIR: dataDir },
        answer,
      );
      expect(outcome.code, outcome.stderr).toBe(1);
      expect(outcome.stdout).toContain('Alguien Ajeno');
      expect(outcome.stdout).toMatch(/creada el \d{2}\/\d{2}\/\d{4}/);
      expect(outcome.stdout).toContain('(s/N)');
      expect(outcome.stderr).toContain('Cancelado');
    }
    expect(await roleOf()).toBe('customer');
  });

  it('promotes after a yes, or with --yes', async () => {
    const typed = await run(
      'src/server/admin-cli.ts',
      ['promote', email],
      { DATA_DIR: dataDir },
      's\n',
    );
    expect(typed.code, typed.stderr).toBe(0);
    expect(await roleOf()).toBe('admin');
    const flagged = await run('src/server/admin-cli.ts', ['promote', email, '--yes'], {
      DATA_DIR: dataDir,
    });
    expect(flagged.code, flagged.stderr).toBe(0);
    expect(flagged.stdout).toContain('ahora es administrador');
  });
});

describe.runIf(process.env.DATABASE_URL)("the PostgreSQL pool's settings", () => {
  it('is DATABASE_POOL_SIZE when set, else one connection per core and at least two', async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    try {
      for (const [setting, expected] of [
        ['3', 3],
        [undefined, Math.max(2, availableParallelism())],
      ] as const) {
        const config = loadConfig({ DATABASE_URL: created.url, DATABASE_POOL_SIZE: setting });
        const database = await openConfiguredDatabase(config);
        try {
          expect((await poolUsage(database.db)).max).toBe(expected);
        } finally {
          await database.close();
        }
      }
    } finally {
      await created.drop();
    }
  });

  it('cuts statements after DATABASE_STATEMENT_TIMEOUT_MS, 5 s unless set', async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    try {
      for (const [setting, expected] of [
        ['1500', '1500ms'],
        [undefined, '5s'],
      ] as const) {
        const config = loadConfig({
          DATABASE_URL: created.url,
          DATABASE_STATEMENT_TIMEOUT_MS: setting,
        });
        const database = await openConfiguredDatabase(config);
        try {
          const [row] = await queryRows<{ statement_timeout: string }>(
            database.db,
            sql`show statement_timeout`,
          );
          expect(row!.statement_timeout).toBe(expected);
        } finally {
          await database.close();
        }
      }
    } finally {
      await created.drop();
    }
  });
});
