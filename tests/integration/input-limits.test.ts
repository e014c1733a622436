// One oversized field once reached the database, failed with 500 and wrote a 3 MB log line
// holding the statement's parameters, the argon2 hash among them.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { LOG_FIELD_MAX } from '@server/ops/logger';
import { createLogger } from '@server/ops/logger';
import { whileInsertsFail } from '../support/failing-inserts';
import { JSON_MUTATION, trpcErrorOf } from '../support/http';
import { useTestApp } from '../support/test-app';

const logLines: string[] = [];
// The server's own logger, writing where the test can read it.
const world = useTestApp({
  http: true,
  logger: createLogger({ write: (line: string) => void logLines.push(line) }),
});

const register = (input: Record<string, unknown>) =>
  world.app.inject({
    method: 'POST',
    url: '/trpc/auth.register',
    headers: JSON_MUTATION,
    payload: { json: input },
  });

const userCount = async () =>
  (await queryRows<{ n: number }>(world.db, sql`select count(*)::int as n from users`))[0]!.n;

describe('bounded inputs', () => {
  it('answers a 1,000,000-character sign-up e-mail with 400 and a Spanish field error', async () => {
    const before = await userCount();
    const response = await register({
      fullName: 'Largo',
      email: `${'a'.repeat(1_000_000)}@empresa.uy`,
      password: 'secreto123',
    });
    expect(response.statusCode).toBe(400);
    const error = trpcErrorOf(response);
    expect(error.message).toBe('El correo electrónico no es válido');
    expect(error.data.fieldErrors).toEqual({ email: ['El correo electrónico no es válido'] });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a NUL character', 'Ana\u0000'],
    ['an unpaired surrogate', 'Ana\ud800'],
  ])('refuses %s, which the database cannot store, at its field', async (_name, fullName) => {
    const before = await userCount();
    const response = await register({ fullName, email: 'nul@empresa.uy', password: 'secreto123' });
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response).data.fieldErrors).toEqual({
      fullName: ['El texto contiene caracteres no permitidos'],
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['constructor', '_'],
    ['prototype', '_'],
    ['toString', 'toString'],
    ['hasOwnProperty', 'hasOwnProperty'],
  ])('refuses a NUL under the key %s with a 400 (found by the fuzz test)', async (key, field) => {
    const response = await register({
      fullName: 'Ana',
      email: 'proto@empresa.uy',
      password: 'secreto123',
      [key]: '\u0000',
    });
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response).data.fieldErrors).toEqual({
      [field]: ['El texto contiene caracteres no permitidos'],
    });
  });

  it('answers zod checks without a text of ours in Spanish', async () => {
    const response = await register({ fullName: 'Tipo', email: 'tipo@empresa.uy', password: 7 });
    expect(response.statusCode).toBe(400);
    const { message } = trpcErrorOf(response);
    expect(message).toMatch(/^Entrada inválida/);
  });
});

describe('logs of a failed write', () => {
  it('carry neither the query parameters nor the password hash, and stay small', async () => {
    await whileInsertsFail(world.db, 'users', async () => {
      logLines.length = 0;
      const response = await register({
        fullName: 'N'.repeat(120),
        email: 'registro-fallido@empresa.uy',
        password: 'una-clave-muy-secreta',
      });
      expect(response.statusCode).toBe(500);
      // The failed step is named in the store's words; its cause stays in the log.
      expect(trpcErrorOf(response).message).toBe('Error al registrar el usuario');

      const failure = logLines.find((line) => line.includes('users are read-only today'));
      expect(failure, 'the failure is logged with its cause').toBeDefined();
      const output = logLines.join('');
      expect(output).not.toContain('$argon2');
      expect(output).not.toContain('una-clave-muy-secreta');
      expect(output).not.toContain('registro-fallido@empresa.uy');
      expect(output).toContain('[redactado]');
      for (const line of logLines) expect(line.length).toBeLessThan(16 * 1024);
    });
  });

  it('cut a huge field to LOG_FIELD_MAX characters', () => {
    logLines.length = 0;
    world.app.log.error(
      { err: new Error('x'.repeat(3_000_000)), detail: 'y'.repeat(50_000) },
      'big',
    );
    expect(logLines).toHaveLength(1);
    const line = logLines[0]!;
    expect(line.length).toBeLessThan(4 * LOG_FIELD_MAX + 2_000);
    expect(line).toContain('caracteres más');
  });
});
