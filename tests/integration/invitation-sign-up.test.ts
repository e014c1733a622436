// Signing up from a company's invitation: the server checks the invitation's token and that the
// address is the one invited; the link proved that mailbox, so the new account starts confirmed
// and is mailed no 'Confirmá tu correo'. The browser's word (a token it sends, an address it
// types) decides nothing by itself.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, validateSessionToken } from '@server/auth/session';
import type { SessionUser } from '@server/auth/session';
import { users } from '@server/db/schema';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { messages } from '@shared/messages';
import { INVITATION_DAYS } from '@shared/schemas/company-members';
import { freshRut } from '../support/rut';
import { callerFor, createTestUser } from '../support/context';
import { deliveredTo, linkIn, mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
let counter = 0;
let admin: SessionUser;
const COMPANY = 'Distribuidora Norte S.A.';
const VERIFY_SUBJECT = 'Confirmá tu correo';

const visitor = () => createCaller(createContextInner(world.deps, { ip: `10.7.0.${++counter}` }));
const address = (name: string) => `${name}-${++counter}-${Date.now()}@norte.uy`;

async function invite(email: string) {
  await callerFor(world.deps, admin).account.company.invite({ email });
  return linkIn(await mailTo(world, email, 'Te invitaron a'), '/invitacion').token;
}

const newAccount = (email: string, invitationToken?: string) => ({
  email,
  password: 'secreto123',
  fullName: 'Persona Invitada',
  invitationToken,
});

async function accountOf(email: string) {
  const [user] = await world.db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email));
  return user;
}

async function sessionOf(userId: number) {
  const token = generateSessionToken();
  await createSession(world.db, token, userId, world.deps.clock.now());
  return (await validateSessionToken(world.db, token, world.deps.clock.now()))!;
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { fullName: 'Ana Admin', emailVerified: true });
  await callerFor(world.deps, admin).account.profile.update({
    companyName: COMPANY,
    rut: freshRut(),
  });
});

describe('signing up from an invitation', () => {
  it('names the company, starts confirmed, mails no confirmation and joins on "Unirme"', async () => {
    const email = address('invitada');
    const token = await invite(email);
    expect(await visitor().invitations.get({ token })).toMatchObject({
      companyName: COMPANY,
      email,
    });

    expect(await visitor().auth.register(newAccount(email, token))).toEqual({ ok: true });

    const account = await accountOf(email);
    expect(account?.emailVerifiedAt).toEqual(world.deps.clock.now());
    const session = await sessionOf(account!.id);
    expect(session.customer?.emailVerified).toBe(true);
    expect(await callerFor(world.deps, session).account.security.get()).toMatchObject({
      email,
      isVerified: true,
    });
    const mails = await deliveredTo(world, email);
    expect(mails.map((mail) => mail.subject).filter((s) => s.includes(VERIFY_SUBJECT))).toEqual([]);
    expect(await callerFor(world.deps, session).invitations.accept({ token })).toEqual({
      companyName: COMPANY,
    });
  });

  it('refuses another address under the e-mail field, and creates no account', async () => {
    const invited = address('invitada');
    const token = await invite(invited);
    const other = address('otra');
    await expect(visitor().auth.register(newAccount(other, token))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.invitationSignUpOtherEmail,
      cause: { issues: [{ path: ['email'] }] },
    });
    expect(await accountOf(other)).toBeUndefined();
    expect(await accountOf(invited)).toBeUndefined();
  });

  it('refuses an unknown or expired link, and creates no account', async () => {
    const email = address('tarde');
    const token = await invite(email);
    await expect(visitor().auth.register(newAccount(email, 'A'.repeat(32)))).rejects.toMatchObject({
      message: messages.invitationInvalid,
    });

    const pastExpiry = (INVITATION_DAYS * 24 + 1) * 60 * 60_000;
    world.clock.advance(pastExpiry);
    try {
      await expect(visitor().auth.register(newAccount(email, token))).rejects.toMatchObject({
        message: messages.invitationInvalid,
      });
    } finally {
      world.clock.advance(-pastExpiry);
    }
    expect(await accountOf(email)).toBeUndefined();
  });

  it('leaves an existing account of the invited address as it was, with the same answer', async () => {
    const email = address('ya-tenia');
    const existing = await createTestUser(world.deps, { email });
    const token = await invite(email);
    expect(await visitor().auth.register(newAccount(email, token))).toEqual({ ok: true });
    expect((await accountOf(email))?.emailVerifiedAt).toBeNull();
    expect((await sessionOf(existing.user.id)).customer?.emailVerified).toBe(false);
  });

  it('still mails the confirmation to a sign-up without an invitation', async () => {
    const email = address('sola');
    await visitor().auth.register(newAccount(email));
    expect((await accountOf(email))?.emailVerifiedAt).toBeNull();
    expect((await mailTo(world, email, VERIFY_SUBJECT)).subject).toContain(VERIFY_SUBJECT);
  });
});
