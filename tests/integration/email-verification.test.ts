// Verified e-mail: a new account is mailed a link (48 hours, stored hashed); the
// session says whether the address is confirmed, for the cap on held units; 'Reenviar' is
// limited; a new address is confirmed from itself while login keeps the old one.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, validateSessionToken } from '@server/auth/session';
import { users } from '@server/db/schema';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { heldUnitsCapOf } from '@server/services/orders/held-units';
import { ACCOUNT_MAIL_LIMITS } from '@server/rate-limits';
import { unverifiedCapRefusal } from '@shared/account-messages';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { deliveredTo, linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { createTestProduct } from './orders-fixtures';

// The store's cap for unconfirmed accounts, written out (tests/support/context.ts lifts it).
const world = useMailWorld({ env: { UNVERIFIED_MAX_HELD_UNITS: '10' } });
let counter = 0;
const visitor = () => createCaller(createContextInner(world.deps, { ip: `10.1.0.${++counter}` }));
const VERIFY_SUBJECT = 'Confirmá tu correo en Tienda';

/** Signs up through the procedure, then logs in: the session the browser would have. */
async function signUp() {
  const email = `alta-${++counter}-${Date.now()}@empresa.uy`;
  await visitor().auth.register({ email, password: 'secreto123', fullName: 'Nueva Cuenta' });
  const [user] = await world.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const session = await createTestSessionFor(user!.id);
  return { email, session };
}

async function createTestSessionFor(userId: number) {
  const token = generateSessionToken();
  await createSession(world.db, token, userId, world.deps.clock.now());
  return (await validateSessionToken(world.db, token, world.deps.clock.now()))!;
}

describe('a new account', () => {
  it('is mailed an absolute link that confirms its address, once', async () => {
    const { email, session } = await signUp();
    expect(session.customer?.emailVerified).toBe(false);
    expect(await callerFor(world.deps, session).account.security.get()).toEqual({
      email,
      isVerified: false,
      pendingEmail: null,
      heldUnitsCap: 10,
    });
    const mail = await mailTo(world, email, VERIFY_SUBJECT);
    expect(mail.text).toContain('48 horas');
    const { token } = linkIn(mail, '/confirmar-correo');

    expect(await visitor().auth.confirmEmail({ token })).toEqual({ email });
    const fresh = await createTestSessionFor(session.user.id);
    expect(fresh.customer?.emailVerified).toBe(true);
    await expect(visitor().auth.confirmEmail({ token })).rejects.toMatchObject({
      message: messages.verifyLinkInvalid,
    });
  });

  it('refuses the link after 48 hours', async () => {
    const { email, session } = await signUp();
    const { token } = linkIn(await mailTo(world, email, VERIFY_SUBJECT), '/confirmar-correo');
    world.clock.advance(48 * 60 * 60_000 + 1000);
    try {
      await expect(visitor().auth.confirmEmail({ token })).rejects.toMatchObject({
        message: messages.verifyLinkInvalid,
      });
    } finally {
      world.clock.advance(-(48 * 60 * 60_000 + 1000));
    }
    expect((await createTestSessionFor(session.user.id)).customer?.emailVerified).toBe(false);
  });

  it("sends a new link on 'Reenviar', a few times an hour", async () => {
    const { email, session } = await signUp();
    const account = callerFor(world.deps, session).account.security;
    // The sign-up's own mail does not count: 'Reenviar' has its budget.
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perAccount; i += 1) await account.resendVerification();
    await expect(account.resendVerification()).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.verificationTooMany,
    });
    const mails = (await deliveredTo(world, email)).filter((m) => m.subject === VERIFY_SUBJECT);
    expect(mails).toHaveLength(1 + ACCOUNT_MAIL_LIMITS.perAccount);
    // Only the latest link works.
    const [first] = mails;
    const last = mails.at(-1)!;
    await expect(
      visitor().auth.confirmEmail({ token: linkIn(first!, '/confirmar-correo').token }),
    ).rejects.toMatchObject({ message: messages.verifyLinkInvalid });
    await visitor().auth.confirmEmail({ token: linkIn(last, '/confirmar-correo').token });
    await expect(account.resendVerification()).rejects.toMatchObject({
      message: messages.verificationTooMany,
    });
  });

  it('is capped while unconfirmed: UNVERIFIED_MAX_HELD_UNITS, unless staff set their own', () => {
    const { config } = world.deps;
    expect(config.UNVERIFIED_MAX_HELD_UNITS).toBe(10);
    expect(heldUnitsCapOf({ maxHeldUnits: null, isVerified: false }, config)).toMatchObject({
      maxUnits: 10,
      isUnverified: true,
    });
    expect(heldUnitsCapOf({ maxHeldUnits: null, isVerified: true }, config)).toMatchObject({
      maxUnits: config.MAX_HELD_UNITS,
      isUnverified: false,
    });
    // Staff's own cap for the customer is a decision about that account: it stands.
    expect(heldUnitsCapOf({ maxHeldUnits: 200, isVerified: false }, config).maxUnits).toBe(200);
  });
});

// heldUnitsCapOf (services/orders/held-units.ts) decides every quote's cap: an unconfirmed account's
// requests are held to it, a confirmed one's are not.
describe('the held-units cap of a quote request', () => {
  it('holds at most UNVERIFIED_MAX_HELD_UNITS units for an unconfirmed account', async () => {
    const max = world.deps.config.UNVERIFIED_MAX_HELD_UNITS;
    const [variant] = await createTestProduct(world.db, [{ stock: 100, price: '10.00' }]);
    const { session } = await signUp();
    const request = (quantity: number, key: string) =>
      callerFor(world.deps, session).orders.requestQuote({
        email: session.user.email,
        items: [{ variantId: variant!.id, quantity }],
        idempotencyKey: key,
      });
    await expect(request(max + 1, `cap-over-${counter}`)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: unverifiedCapRefusal(max),
    });
    await request(max, `cap-within-${counter}`);
    // The cap counts every open quote: one more unit is refused too.
    await expect(request(1, `cap-more-${counter}`)).rejects.toMatchObject({ code: 'CONFLICT' });
    const verified = await createTestUser(world.deps);
    await world.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, verified.user.id));
    const fresh = await createTestSessionFor(verified.user.id);
    await callerFor(world.deps, fresh).orders.requestQuote({
      email: fresh.user.email,
      items: [{ variantId: variant!.id, quantity: max + 1 }],
      idempotencyKey: `cap-verified-${counter}`,
    });
  });
});

describe('Cambiar correo', () => {
  it('keeps the old address for login until the new one confirms it, then switches', async () => {
    const user = await createTestUser(world.deps, { email: `viejo-${Date.now()}@empresa.uy` });
    const old = user.user.email;
    const next = `nuevo-${Date.now()}@empresa.uy`;
    const security = callerFor(world.deps, user).account.security;
    await expect(security.changeEmail({ email: next, password: 'mal' })).rejects.toMatchObject({
      message: messages.currentPasswordWrong,
    });
    await security.changeEmail({ email: next, password: 'secreto123' });
    expect(await security.get()).toMatchObject({ email: old, pendingEmail: next });
    await mailTo(world, old, 'Pediste cambiar el correo');
    const mail = await mailTo(world, next, 'Confirmá tu nuevo correo');

    await visitor().auth.login({ email: old, password: 'secreto123' });
    await expect(
      visitor().auth.login({ email: next, password: 'secreto123' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    await visitor().auth.confirmEmail({ token: linkIn(mail, '/confirmar-correo').token });
    await visitor().auth.login({ email: next, password: 'secreto123' });
    await expect(
      visitor().auth.login({ email: old, password: 'secreto123' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await security.get()).toEqual({
      email: next,
      isVerified: true,
      pendingEmail: null,
      heldUnitsCap: null,
    });
  });

  it('mails an address that already has an account instead, and tells the caller nothing', async () => {
    const user = await createTestUser(world.deps);
    const taken = await createTestUser(world.deps);
    await callerFor(world.deps, user).account.security.changeEmail({
      email: taken.user.email,
      password: 'secreto123',
    });
    const mail = await mailTo(world, taken.user.email, 'Este correo ya tiene una cuenta');
    expect(mail.text).toContain('https://tienda.example/recuperar-contrasena');
    expect(await callerFor(world.deps, user).account.security.get()).toMatchObject({
      email: user.user.email,
      pendingEmail: null,
    });
  });

  it('warns an address that already has an account at most once a day, whoever asks', async () => {
    const taken = await createTestUser(world.deps);
    for (let i = 0; i < 3; i += 1) {
      const asker = await createTestUser(world.deps);
      await callerFor(world.deps, asker).account.security.changeEmail({
        email: taken.user.email,
        password: 'secreto123',
      });
    }
    const warnings = (await deliveredTo(world, taken.user.email)).filter((mail) =>
      mail.subject.includes('Este correo ya tiene una cuenta'),
    );
    expect(warnings).toHaveLength(ACCOUNT_MAIL_LIMITS.unaskedMailsPerAddressPerDay);
  });

  it('sends no link for an address the account stopped asking for', async () => {
    const user = await createTestUser(world.deps);
    const first = `primera-${++counter}-${Date.now()}@empresa.uy`;
    const second = `segunda-${counter}-${Date.now()}@empresa.uy`;
    const account = callerFor(world.deps, user).account.security;
    await account.changeEmail({ email: first, password: 'secreto123' });
    await account.changeEmail({ email: second, password: 'secreto123' });
    // The first mail's link was replaced before it went out: it is not sent at all.
    const link = linkIn(
      await mailTo(world, second, 'Confirmá tu nuevo correo'),
      '/confirmar-correo',
    );
    expect(await deliveredTo(world, first)).toEqual([]);
    expect(await visitor().auth.confirmEmail({ token: link.token })).toEqual({ email: second });
  });
});
