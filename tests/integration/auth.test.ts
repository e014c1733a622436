import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type SessionUser, validateSessionToken } from '@server/auth/session';
import { customers, sessions, userRoles, users } from '@server/db/schema';
import { ensureAdmin } from '@server/services/accounts/accounts';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { messages } from '@shared/messages';

const world = useTestApp();

/**
 * A caller that records the cookie it would set, like the browser would keep it; with a
 * session and a jar, it is that signed-in browser.
 */
function cookieCaller(session: SessionUser | null = null, jar: { token?: string } = {}) {
  const caller = createCaller(
    createContextInner(world.deps, {
      session,
      cookies: {
        set: (token) => {
          jar.token = token;
        },
        clear: () => {
          jar.token = undefined;
        },
      },
    }),
  );
  return { caller, jar };
}

describe('registration', () => {
  it('creates the user, customer and customer role together; login then signs in', async () => {
    const { caller, jar } = cookieCaller();
    const answer = await caller.auth.register({
      fullName: 'Ana Gómez',
      phone: '099 123 456',
      email: 'Ana@Empresa.uy',
      password: 'secreto1',
    });
    expect(answer).toEqual({ ok: true });
    // Sign-up opens no session: the page logs in next.
    expect(jar.token).toBeUndefined();
    const me = await caller.auth.login({ email: 'ana@empresa.uy', password: 'secreto1' });
    expect(me).toEqual({
      email: 'ana@empresa.uy',
      role: 'customer',
      fullName: 'Ana Gómez',
      phone: '099 123 456',
    });
    expect(jar.token).toBeTruthy();
    const [user] = await world.db.select().from(users).where(eq(users.email, 'ana@empresa.uy'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [customer] = await world.db
      .select()
      .from(customers)
      .where(eq(customers.userId, user!.id));
    expect(customer).toMatchObject({ fullName: 'Ana Gómez', email: 'ana@empresa.uy' });
    const [role] = await world.db.select().from(userRoles).where(eq(userRoles.userId, user!.id));
    expect(role!.role).toBe('customer');
    // Only the token's SHA-256 is stored.
    const stored = await world.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(jar.token);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers every invalid field with its Spanish message', async () => {
    const { caller } = cookieCaller();
    await expect(
      caller.auth.register({ fullName: ' ', email: 'no-es-email', password: '123' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const error: unknown = await caller.auth
      .register({ fullName: '', email: 'x', password: '1' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const issues = (error as { cause?: { issues?: { message: string }[] } }).cause?.issues ?? [];
    const texts = issues.map((issue) => issue.message);
    expect(texts).toEqual(
      expect.arrayContaining([
        'El nombre completo es requerido',
        'El correo electrónico no es válido',
        'La contraseña debe tener al menos 8 caracteres',
      ]),
    );
  });

  it('answers a taken email exactly like a new one, changing nothing', async () => {
    const first = cookieCaller();
    const fresh = await first.caller.auth.register({
      fullName: 'Uno',
      email: 'dup@empresa.uy',
      password: 'secreto1',
    });
    const [owner] = await world.db.select().from(users).where(eq(users.email, 'dup@empresa.uy'));
    const before = await world.db.select().from(customers);
    const second = cookieCaller();
    const taken = await second.caller.auth.register({
      fullName: 'Dos',
      email: 'DUP@empresa.uy',
      password: 'otra-clave',
    });
    expect(taken).toEqual(fresh);
    expect(second.jar.token).toBeUndefined();
    expect(await world.db.select().from(customers)).toHaveLength(before.length);
    const [after] = await world.db.select().from(users).where(eq(users.email, 'dup@empresa.uy'));
    expect(after!.passwordHash).toBe(owner!.passwordHash);
    // The stranger's password opens nothing.
    await expect(
      second.caller.auth.login({ email: 'dup@empresa.uy', password: 'otra-clave' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Email o contraseña incorrectos' });
  });
});

describe('login and sessions', () => {
  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { caller } = cookieCaller();
    await caller.auth.register({
      fullName: 'Luis',
      email: 'luis@empresa.uy',
      password: 'secreto1',
    });
    await expect(
      caller.auth.login({ email: 'luis@empresa.uy', password: 'otra-clave' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Email o contraseña incorrectos',
    });
    await expect(
      caller.auth.login({ email: 'nadie@empresa.uy', password: 'secreto1' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Email o contraseña incorrectos',
    });
  });

  it('signs in, reads the session and signs out deleting it', async () => {
    const { caller } = cookieCaller();
    await caller.auth.register({ fullName: 'Eva', email: 'eva@empresa.uy', password: 'secreto1' });
    const login = cookieCaller();
    await login.caller.auth.login({ email: 'EVA@empresa.uy', password: 'secreto1' });
    const session = await validateSessionToken(world.db, login.jar.token!, world.deps.clock.now());
    expect(session?.customer?.fullName).toBe('Eva');
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const token = login.jar.token!;
    // The same browser signs out: the session row goes and its cookie is cleared.
    await cookieCaller(session, login.jar).caller.auth.logout();
    expect(await validateSessionToken(world.db, token, world.deps.clock.now())).toBeNull();
    expect(login.jar.token).toBeUndefined();
  });

  it('extends a session past half of its life and drops an expired one', async () => {
    const user = await createTestUser(world.deps);
    const { caller, jar } = cookieCaller();
    await caller.auth.login({ email: user.user.email, password: 'secreto123' });
    const token = jar.token!;
    const fresh = (await validateSessionToken(world.db, token, world.deps.clock.now()))!;
    expect(fresh.isExtended).toBe(false);
    const id = fresh.sessionId;

    await world.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, id));
    const extended = await validateSessionToken(world.db, token, world.deps.clock.now());
    expect(extended!.isExtended).toBe(true);
    expect(extended!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    await world.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect(await validateSessionToken(world.db, token, world.deps.clock.now())).toBeNull();
    expect(await world.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });
});

describe('admin bootstrap', () => {
  it('creates the admin, or promotes the existing user', async () => {
    expect(await ensureAdmin(world.db, 'jefa@tienda.uy', 'secreto-largo-1')).toBe('created');
    const customer = await createTestUser(world.deps);
    expect(await ensureAdmin(world.db, customer.user.email, 'clave-del-operador')).toBe(
      'taken-over',
    );
    const [role] = await world.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, customer.user.id));
    expect(role!.role).toBe('admin');
  });

  it('takes over an account registered before the operator: new password, sessions ended', async () => {
    // A stranger registered the admin's address first and is signed in.
    const stranger = await createTestUser(world.deps, { email: 'operador@tienda.uy' });
    const signedIn = cookieCaller();
    await signedIn.caller.auth.login({ email: 'operador@tienda.uy', password: 'secreto123' });
    expect(await world.db.$count(sessions, eq(sessions.userId, stranger.user.id))).toBeGreaterThan(
      0,
    );

    await ensureAdmin(world.db, 'operador@tienda.uy', 'clave-del-operador');

    expect(await world.db.$count(sessions, eq(sessions.userId, stranger.user.id))).toBe(0);
    expect(
      await validateSessionToken(world.db, signedIn.jar.token!, world.deps.clock.now()),
    ).toBeNull();
    await expect(
      cookieCaller().caller.auth.login({ email: 'operador@tienda.uy', password: 'secreto123' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const operator = cookieCaller();
    const me = await operator.caller.auth.login({
      email: 'operador@tienda.uy',
      password: 'clave-del-operador',
    });
    expect(me?.role).toBe('admin');

    // A restart (or another instance) with the same settings leaves the operator signed in.
    expect(await ensureAdmin(world.db, 'operador@tienda.uy', 'clave-del-operador')).toBe(
      'unchanged',
    );
    expect(
      await validateSessionToken(world.db, operator.jar.token!, world.deps.clock.now()),
    ).not.toBeNull();
  });
});

/** Runs `run` while `table` cannot be read (renamed away), as a broken database would be. */
async function whileTableIsGone(table: string, run: () => Promise<void>) {
  await world.db.execute(sql`alter table ${sql.identifier(table)} rename to gone_for_a_test`);
  try {
    await run();
  } finally {
    await world.db.execute(sql`alter table gone_for_a_test rename to ${sql.identifier(table)}`);
  }
}

describe('a failed read of the account says which one, never its cause', () => {
  it("answers 'Error al obtener los datos del usuario' when the company data cannot be read", async () => {
    const customer = await createTestUser(world.deps);
    await whileTableIsGone('company_members', async () => {
      await expect(callerFor(world.deps, customer).account.profile.get()).rejects.toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: messages.userDataFailed,
      });
    });
  });

  it("stops the admin bootstrap with 'Error al obtener el rol del usuario'", async () => {
    await whileTableIsGone('user_roles', async () => {
      await expect(
        ensureAdmin(world.db, 'jefe@tienda.uy', 'clave-del-operador'),
      ).rejects.toMatchObject({ message: messages.roleReadFailed });
    });
  });
});
