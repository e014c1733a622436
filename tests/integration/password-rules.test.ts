// The rules of a newly chosen password (docs/decisions/078-account-security-per-asvs.md): at least 8
// characters, and never one of the most common breached passwords, at sign-up, 'Cambiar
// contraseña' and a reset link's new password alike; each refusal under the form's field. An
// older account whose password breaks them still logs in.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/password';
import { users } from '@server/db/schema';
import { issueAccountToken } from '@server/services/accounts/account-tokens';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
const TOO_SHORT = 'La contraseña debe tener al menos 8 caracteres';
/** Among the most common breached passwords, typed with capitals and spaces around. */
const BREACHED = '  Qwerty123 ';
const GOOD = 'mate-amargo-7';
let counter = 0;

/** A visitor from an address of its own, so the sign-up's per-address budget stays per test. */
const visitor = () => createCaller(createContextInner(world.deps, { ip: `10.7.0.${++counter}` }));
const uniqueEmail = () => `clave-${++counter}-${Date.now()}@empresa.uy`;

/**
 * The refusal a call ended with, as the form reads it (trpc/init.ts's errorFormatter turns the
 * issues into `data.fieldErrors`): each field with its message.
 */
async function refusalOf(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; cause?: { issues?: { path: string[]; message: string }[] } } | null;
  return {
    code: error?.code,
    fieldErrors: Object.fromEntries(
      (error?.cause?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    ),
  };
}

const storedHash = async (email: string) =>
  (await world.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

describe('sign-up', () => {
  const register = (email: string, password: string) =>
    visitor().auth.register({ fullName: 'Clara Clave', email, password });

  it('refuses a short password and a breached one at the password field, creating nothing', async () => {
    const email = uniqueEmail();
    expect(await refusalOf(register(email, 'siete77'))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { password: TOO_SHORT },
    });
    expect(await refusalOf(register(email, BREACHED))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { password: messages.passwordBreached },
    });
    expect(await storedHash(email)).toBeUndefined();
  });

  it('refuses a breached password for an address that already has an account alike', async () => {
    const { user } = await createTestUser(world.deps, { email: uniqueEmail() });
    expect(await refusalOf(register(user.email, BREACHED))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { password: messages.passwordBreached },
    });
  });

  it('accepts a good password of 8 characters or more', async () => {
    const email = uniqueEmail();
    await register(email, GOOD);
    expect(await visitor().auth.login({ email, password: GOOD })).toMatchObject({ email });
  });
});

describe('Cambiar contraseña', () => {
  it('refuses a short and a breached new password at its field, keeping the old one', async () => {
    const user = await createTestUser(world.deps, { email: uniqueEmail() });
    const account = callerFor(world.deps, user);
    const before = await storedHash(user.user.email);
    const change = (newPassword: string) =>
      account.account.security.changePassword({ currentPassword: 'secreto123', newPassword });
    expect(await refusalOf(change('corta-7'))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { newPassword: TOO_SHORT },
    });
    expect(await refusalOf(change(BREACHED))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { newPassword: messages.passwordBreached },
    });
    expect(await storedHash(user.user.email)).toBe(before);

    await change(GOOD);
    const email = user.user.email;
    expect(await visitor().auth.login({ email, password: GOOD })).toMatchObject({ email });
  });
});

describe('a reset link’s new password', () => {
  async function linkFor(email: string) {
    const user = await createTestUser(world.deps, { email });
    const token = await issueAccountToken(world.db, {
      userId: user.user.id,
      purpose: 'password_reset',
      email,
      ttlMs: 60 * 60_000,
      now: world.deps.clock.now(),
    });
    return token;
  }

  it('refuses a short and a breached one at its field and keeps the link usable', async () => {
    const email = uniqueEmail();
    const token = await linkFor(email);
    const before = await storedHash(email);
    const complete = (password: string) =>
      visitor().auth.passwordReset.complete({ token, password });
    expect(await refusalOf(complete('1234567'))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { password: TOO_SHORT },
    });
    expect(await refusalOf(complete(BREACHED))).toEqual({
      code: 'BAD_REQUEST',
      fieldErrors: { password: messages.passwordBreached },
    });
    expect(await storedHash(email)).toBe(before);

    await complete(GOOD);
    expect(await visitor().auth.login({ email, password: GOOD })).toMatchObject({ email });
  });
});

describe('an account from before these rules', () => {
  it('still logs in with its short, common password: only new passwords are checked', async () => {
    const email = uniqueEmail();
    await createTestUser(world.deps, { email });
    await world.db
      .update(users)
      .set({ passwordHash: await hashPassword('123456') })
      .where(eq(users.email, email));
    expect(await visitor().auth.login({ email, password: '123456' })).toMatchObject({ email });
  });
});
