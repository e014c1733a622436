// Companies with several buyers (decision 057): the first to save a RUT administers its company,
// others join by an e-mailed invitation for their own address only, every member reads the
// company's orders (and nobody else does), and the company never loses its last administrator.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, type SessionUser } from '@server/auth/session';
import { orders } from '@server/db/schema';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { createTestProduct } from './orders-fixtures';

const world = useMailWorld({ http: true });
const RUT = '21-100342-001-7';
let counter = 0;

let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;
let adminOrder: number;

const as = (user: SessionUser) => callerFor(world.deps, user);

async function requestQuote(user: SessionUser, typed: { companyName?: string; rut?: string } = {}) {
  const [variant] = await createTestProduct(world.db, [{ stock: 20, price: '100.00' }]);
  const { id } = await as(user).orders.requestQuote({
    email: user.user.email,
    items: [{ variantId: variant!.id, quantity: 1 }],
    idempotencyKey: `empresa-${++counter}`,
    ...typed,
  });
  return { id, variantId: variant!.id };
}

/** Invites `email` as `from` and returns the token of the mailed link. */
async function invite(from: SessionUser, email: string) {
  await as(from).account.company.invite({ email });
  const mail = await mailTo(world, email, 'Te invitaron a');
  return { mail, token: linkIn(mail, '/invitacion').token };
}

async function cookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, world.deps.clock.now());
  return `session=${token}`;
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { fullName: 'Ana Admin', emailVerified: true });
  member = await createTestUser(world.deps, { fullName: 'Bruno Miembro' });
  outsider = await createTestUser(world.deps, { fullName: 'Carla Ajena' });
  await as(admin).account.profile.update({ companyName: 'Ejemplo S.A.', rut: RUT });
  const { token } = await invite(admin, member.user.email);
  await as(member).invitations.accept({ token });
  adminOrder = (await requestQuote(admin)).id;
});

describe('the company profile', () => {
  it('makes whoever first saves a RUT its administrator', async () => {
    expect(await as(admin).account.profile.get()).toEqual({
      companyName: 'Ejemplo S.A.',
      rut: '211003420017',
      role: 'admin',
    });
    expect(await as(member).account.profile.get()).toMatchObject({ role: 'member' });
  });

  it("refuses a RUT that another company's members hold, under the RUT field", async () => {
    const refusal: unknown = await as(outsider)
      .account.profile.update({ companyName: 'Otra', rut: RUT })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.companyRutTaken,
      cause: { issues: [{ path: ['rut'] }] },
    });
    expect(await as(outsider).account.profile.get()).toMatchObject({ role: null });
  });

  it('refuses an invalid RUT and a razón social without RUT', async () => {
    await expect(
      as(outsider).account.profile.update({ companyName: 'X', rut: '211003420018' }),
    ).rejects.toThrow('El RUT no es válido');
    await expect(as(outsider).account.profile.update({ companyName: 'X' })).rejects.toThrow(
      messages.companyRutRequired,
    );
  });

  it("lets only an administrator change the company's data", async () => {
    await expect(
      as(member).account.profile.update({ companyName: 'Cambiada', rut: RUT }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.companyAdminOnly });
    await as(admin).account.profile.update({ companyName: 'Ejemplo Sociedad Anónima', rut: RUT });
    expect(await as(member).account.profile.get()).toMatchObject({
      companyName: 'Ejemplo Sociedad Anónima',
    });
  });
});

describe('invitations', () => {
  it('mails an absolute link valid 7 days, which the page reads without a session', async () => {
    const email = `invitada-${Date.now()}@empresa.uy`;
    const { mail, token } = await invite(admin, email);
    expect(mail.text).toContain('https://tienda.example/invitacion#');
    expect(mail.text).toContain('7 días');
    expect(mail.text).toContain('Ana Admin');
    const preview = await callerFor(world.deps).invitations.get({ token });
    expect(preview).toMatchObject({ email, inviterName: 'Ana Admin' });
    const pending = await as(admin).account.company.members();
    expect(pending?.invitations.map((invitation) => invitation.email)).toContain(email);
  });

  it('refuses an account with another address, even a signed-in one holding the link', async () => {
    const invited = `solo-para-mi-${Date.now()}@empresa.uy`;
    const { token } = await invite(admin, invited);
    await expect(as(outsider).invitations.accept({ token })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.invitationOtherEmail,
    });
    expect(await as(outsider).account.profile.get()).toMatchObject({ role: null });
    const newcomer = await createTestUser(world.deps, { email: invited });
    expect(await as(newcomer).invitations.accept({ token })).toEqual({
      companyName: 'Ejemplo Sociedad Anónima',
    });
    expect(await as(newcomer).account.profile.get()).toMatchObject({ role: 'member' });
    // Used: the same link opens nothing any more.
    await expect(callerFor(world.deps).invitations.get({ token })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a link past its 7 days', async () => {
    const email = `tarde-${Date.now()}@empresa.uy`;
    const { token } = await invite(admin, email);
    const late = await createTestUser(world.deps, { email });
    world.clock.advance(7 * 24 * 60 * 60_000 + 1000);
    try {
      await expect(as(late).invitations.accept({ token })).rejects.toMatchObject({
        message: messages.invitationInvalid,
      });
    } finally {
      world.clock.advance(-(7 * 24 * 60 * 60_000 + 1000));
    }
  });

  it('is sent only by an administrator, and not to a member', async () => {
    await expect(
      as(member).account.company.invite({ email: 'alguien@empresa.uy' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      as(admin).account.company.invite({ email: member.user.email }),
    ).rejects.toMatchObject({ message: messages.invitationAlreadyMember });
  });
});

describe("the company's orders", () => {
  it('gives an order its company at request time', async () => {
    const [row] = await world.db
      .select({ companyId: orders.companyId, rut: orders.rut })
      .from(orders)
      .where(eq(orders.id, adminOrder));
    const members = await as(admin).account.company.members();
    expect(row).toEqual({ companyId: members!.company.id, rut: '211003420017' });
  });

  it('are read by every member, with who requested each, and by nobody else', async () => {
    const own = await requestQuote(member);
    const read = await as(member).account.orders.get({ id: adminOrder });
    expect(read).toMatchObject({ customerName: 'Ana Admin' });
    expect(read.reader).toEqual({ isRequester: false, isCompanyAdmin: false, canAct: true });
    expect((await as(admin).account.orders.get({ id: own.id })).reader).toEqual({
      isRequester: false,
      isCompanyAdmin: true,
      canAct: true,
    });

    const list = await as(member).account.company.orders({ page: 1 });
    expect(list.items.map((row) => [row.id, row.requesterName, row.isMine])).toEqual(
      expect.arrayContaining([
        [own.id, 'Bruno Miembro', true],
        [adminOrder, 'Ana Admin', false],
      ]),
    );
    // 'Mis pedidos' stays the member's own.
    const mine = await as(member).account.orders.list({ page: 1 });
    expect(mine.items.map((row) => row.id)).toEqual([own.id]);

    await expect(as(outsider).account.orders.get({ id: adminOrder })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.orderNotFound,
    });
    await expect(as(outsider).orders.get({ id: adminOrder })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await as(outsider).account.company.orders({ page: 1 })).items).toEqual([]);
  });

  it('share their messages among members; an outsider can neither read nor write them', async () => {
    await as(member).account.orders.sendMessage({
      orderId: adminOrder,
      body: 'Lo necesitamos el lunes',
    });
    const thread = (await as(admin).account.orders.get({ id: adminOrder })).messages;
    expect(thread.map((message) => [message.authorName, message.body])).toContainEqual([
      'Bruno Miembro',
      'Lo necesitamos el lunes',
    ]);
    await expect(
      as(outsider).account.orders.sendMessage({ orderId: adminOrder, body: 'Hola' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("serve the quote's PDF to a member and 404 to an outsider", async () => {
    const staff = await createTestUser(world.deps, { role: 'admin' });
    const { id, variantId } = await requestQuote(admin);
    await as(staff).admin.orders.sendRevision({
      orderId: id,
      lines: [{ variantId, quantity: 1, unitPrice: '100', discountPercent: '0' }],
      validUntil: '2099-12-31',
    });
    const pdf = async (user: SessionUser) =>
      world.app.inject({
        method: 'GET',
        url: `/api/orders/${id}/revisions/1.pdf`,
        headers: { cookie: await cookieOf(user) },
      });
    expect((await pdf(member)).statusCode).toBe(200);
    const refused = await pdf(outsider);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: messages.orderNotFound });
  });

  it("refuses a customer on their own who types the company's RUT at checkout", async () => {
    // docs/decisions/074-a-rut-is-not-a-key.md: no order under another company's name either.
    await expect(
      requestQuote(outsider, { companyName: 'Ejemplo S.A.', rut: RUT }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.companyRutTaken,
      cause: { issues: [{ path: ['rut'] }] },
    });
    const theirs = await world.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, outsider.customer!.id));
    expect(theirs).toEqual([]);
  });
});

describe('members and roles', () => {
  it('never leaves the company without an administrator', async () => {
    const solo = await createTestUser(world.deps, { emailVerified: true });
    await as(solo).account.profile.update({ companyName: 'Solo SRL', rut: '210000010014' });
    const colleague = await createTestUser(world.deps);
    const { token } = await invite(solo, colleague.user.email);
    await as(colleague).invitations.accept({ token });
    const soloId = solo.customer!.id;
    const colleagueId = colleague.customer!.id;

    await expect(
      as(solo).account.company.setRole({ customerId: soloId, role: 'member' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.lastAdmin });
    await expect(
      as(solo).account.company.removeMember({ customerId: soloId }),
    ).rejects.toMatchObject({ message: messages.lastAdmin });
    await expect(as(solo).account.company.leave()).rejects.toMatchObject({
      message: messages.lastAdmin,
    });
    await expect(
      as(colleague).account.company.setRole({ customerId: colleagueId, role: 'admin' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await as(solo).account.company.setRole({ customerId: colleagueId, role: 'admin' });
    await as(colleague).account.company.setRole({ customerId: soloId, role: 'member' });
    expect(await as(solo).account.profile.get()).toMatchObject({ role: 'member' });
    await expect(
      as(colleague).account.company.setRole({ customerId: colleagueId, role: 'member' }),
    ).rejects.toMatchObject({ message: messages.lastAdmin });
  });

  it('takes a removed member out of the company orders, not out of their own', async () => {
    const leaving = await createTestUser(world.deps);
    const { token } = await invite(admin, leaving.user.email);
    await as(leaving).invitations.accept({ token });
    const own = await requestQuote(leaving);
    await as(admin).account.company.removeMember({ customerId: leaving.customer!.id });
    await expect(as(leaving).account.orders.get({ id: adminOrder })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await as(leaving).account.orders.get({ id: own.id })).id).toBe(own.id);
    // The order stays the company's: its administrators still read it.
    expect((await as(admin).account.orders.get({ id: own.id })).id).toBe(own.id);
  });
});
