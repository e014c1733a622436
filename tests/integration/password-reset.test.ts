// '¿Olvidaste tu contraseña?' and 'Cambiar contraseña': a single-use link, valid 60
// minutes and stored hashed, mailed through a real SMTP server; the same answer for unknown
// addresses; every session ends with the new password; limits per address and per account.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, validateSessionToken } from '@server/auth/session';
import { accountTokens, sessions, users } from '@server/db/schema';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { messages } from '@shared/messages';
import { ACCOUNT_MAIL_LIMITS } from '@server/rate-limits';
import { callerFor, createTestUser } from '../support/context';
import { deliveredTo, linkIn, mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
const RESET_SUBJECT = 'Creá una contraseña nueva';
let counter = 0;

/** A visitor's caller from its own address, so per-address limits stay per test. */
const visitor = (ip = `10.0.0.${++counter}`) =>
  createCaller(createContextInner(world.deps, { ip }));

async function customerWithSessions(count: number) {
  const email = `reset-${++counter}-${Date.now()}@empresa.uy`;
  const user = await createTestUser(world.deps, { email });
  const tokens = [];
  for (let i = 0; i < count; i += 1) {
    const token = generateSessionToken();
    await createSession(world.db, token, user.user.id, world.deps.clock.now());
    tokens.push(token);
  }
  return { user, email, tokens };
}

async function requestLink(email: string) {
  const answer = await visitor().auth.passwordReset.request({ email });
  const mail = await mailTo(world, email, RESET_SUBJECT);
  return { answer, token: linkIn(mail, '/nueva-contrasena').token, mail };
}

const login = (email: string, password: string) => visitor().auth.login({ email, password });

describe('password recovery', () => {
  it('mails an absolute, single-use link and answers the same for an unknown address', async () => {
    const { email } = await customerWithSessions(0);
    const { answer, mail, token } = await requestLink(email);
    expect(answer).toEqual({ message: messages.resetRequested });
    expect(mail.text).toContain('https://tienda.example/nueva-contrasena#');
    expect(mail.text).toContain('60 minutos');
    expect(token).toMatch(/^[a-z2-7]{32}$/);

    const unknown = 'nadie-tiene-esta@empresa.uy';
    expect(await visitor().auth.passwordReset.request({ email: unknown })).toEqual(answer);
    expect(await deliveredTo(world, unknown)).toEqual([]);
  });

  it('keeps only the SHA-256 of the token', async () => {
    const { email, user } = await customerWithSessions(0);
    const { token } = await requestLink(email);
    const rows = await world.db
      .select({ id: accountTokens.id })
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.user.id));
    expect(rows).toEqual([{ id: encodeHexLowerCase(sha256(new TextEncoder().encode(token))) }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password once, ends every session and refuses the link a second time', async () => {
    const { email, tokens } = await customerWithSessions(2);
    const { token } = await requestLink(email);
    await visitor().auth.passwordReset.complete({ token, password: 'nueva-clave-1' });

    for (const session of tokens) {
      expect(await validateSessionToken(world.db, session, world.deps.clock.now())).toBeNull();
    }
    await expect(login(email, 'secreto123')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await login(email, 'nueva-clave-1')).toMatchObject({ email });
    await mailTo(world, email, 'Tu contraseña de Tienda cambió');

    await expect(
      visitor().auth.passwordReset.complete({ token, password: 'otra-clave-2' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.resetLinkInvalid });
    expect(await login(email, 'nueva-clave-1')).toMatchObject({ email });
  });

  it('refuses a link past its 60 minutes', async () => {
    const { email } = await customerWithSessions(0);
    const { token } = await requestLink(email);
    world.clock.advance(60 * 60_000 + 1000);
    try {
      await expect(
        visitor().auth.passwordReset.complete({ token, password: 'tarde-123' }),
      ).rejects.toMatchObject({ message: messages.resetLinkInvalid });
    } finally {
      world.clock.advance(-(60 * 60_000 + 1000));
    }
    expect(await login(email, 'secreto123')).toMatchObject({ email });
  });

  it("counts the link's 60 minutes from when its mail is sent, not from the request", async () => {
    const { email } = await customerWithSessions(0);
    await visitor().auth.passwordReset.request({ email });
    // The mail waited two hours (an SMTP server down): its link is made when it goes out.
    world.clock.advance(2 * 60 * 60_000);
    try {
      const { token } = linkIn(await mailTo(world, email, RESET_SUBJECT), '/nueva-contrasena');
      world.clock.advance(59 * 60_000);
      await visitor().auth.passwordReset.complete({ token, password: 'a-tiempo-123' });
    } finally {
      world.clock.advance(-(2 * 60 * 60_000 + 59 * 60_000));
    }
    expect(await login(email, 'a-tiempo-123')).toMatchObject({ email });
  });

  it('opens only the latest link when several were asked for', async () => {
    const { email } = await customerWithSessions(0);
    const first = await requestLink(email);
    world.received.length = 0;
    const second = await requestLink(email);
    await expect(
      visitor().auth.passwordReset.complete({ token: first.token, password: 'vieja-123' }),
    ).rejects.toMatchObject({ message: messages.resetLinkInvalid });
    await visitor().auth.passwordReset.complete({ token: second.token, password: 'nueva-123' });
  });

  it('confirms an unconfirmed address: the link proved the mailbox', async () => {
    const { email, user } = await customerWithSessions(0);
    await world.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.user.id));
    const { token } = await requestLink(email);
    await visitor().auth.passwordReset.complete({ token, password: 'nueva-123' });
    const [row] = await world.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.user.id));
    expect(row?.at).not.toBeNull();
  });

  it('limits links per account, whoever asks and whether the address has an account', async () => {
    for (const email of [`limite-${Date.now()}@empresa.uy`, 'sin-cuenta-limite@empresa.uy']) {
      for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perAccount; i += 1) {
        await visitor().auth.passwordReset.request({ email });
      }
      await expect(visitor().auth.passwordReset.request({ email })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: messages.resetTooMany,
      });
    }
  });

  it('limits links per client address, whatever addresses it types', async () => {
    const caller = visitor('10.9.9.9');
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perAddress; i += 1) {
      await caller.auth.passwordReset.request({ email: `muchas-${i}@empresa.uy` });
    }
    await expect(
      caller.auth.passwordReset.request({ email: 'una-mas@empresa.uy' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not refused because of this one.
    await visitor('10.9.9.10').auth.passwordReset.request({ email: 'una-mas@empresa.uy' });
  });
});

describe('Cambiar contraseña', () => {
  it('asks for the current password, keeps this session and ends the others', async () => {
    const { user, email, tokens } = await customerWithSessions(1);
    const account = callerFor(world.deps, user);
    await expect(
      account.account.security.changePassword({
        currentPassword: 'no-es-esta',
        newPassword: 'nueva-456',
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.currentPasswordWrong,
      // Under the form's field, not as a lost session (UNAUTHORIZED would sign the page out).
      cause: { issues: [{ path: ['currentPassword'] }] },
    });
    await account.account.security.changePassword({
      currentPassword: 'secreto123',
      newPassword: 'nueva-456',
    });
    const left = await world.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.user.id));
    expect(left.map((row) => row.id)).toEqual([user.sessionId]);
    expect(await validateSessionToken(world.db, tokens[0]!, world.deps.clock.now())).toBeNull();
    expect(await login(email, 'nueva-456')).toMatchObject({ email });
    await mailTo(world, email, 'Tu contraseña de Tienda cambió');
  });
});
