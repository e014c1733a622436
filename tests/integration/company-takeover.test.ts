// A RUT is not a key (docs/decisions/074-a-rut-is-not-a-key.md): typing the RUT of a company
// that exists, with members or without any, joins nobody to it, neither in 'Datos de la
// empresa' nor at checkout; a company left without members is handed to a customer by staff
// only, from its dashboard page, and the activity log says who gave it to whom.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { auditLog, companies, companyMembers, orders } from '@server/db/schema';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { addRule } from '../support/pricing';
import { freshRut } from '../support/rut';
import { createTestProduct } from './orders-fixtures';

const world = useMailWorld();
const as = (user: SessionUser) => callerFor(world.deps, user);
let counter = 0;

let staff: SessionUser;
let founder: SessionUser;
let outsider: SessionUser;
/** A company whose only member left: its orders, messages and prices stay. */
const abandoned = { id: 0, rut: freshRut(), name: 'Abandonada S.A.', orderId: 0, variantId: 0 };
/** The link of an invitation its founder sent before leaving. */
let pendingInvitation = { email: '', token: '' };
/** A company with its administrator still there. */
const active = { rut: freshRut(), name: 'Activa S.A.' };

async function requestQuote(user: SessionUser, typed: { companyName?: string; rut?: string }) {
  return as(user).orders.requestQuote({
    email: user.user.email,
    items: [{ variantId: abandoned.variantId, quantity: 1 }],
    idempotencyKey: `toma-empresa-${++counter}`,
    ...typed,
  });
}

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

/** The refusal under the RUT field, in the words decision 074 gives it. */
const RUT_REFUSAL = {
  code: 'BAD_REQUEST',
  message: 'Esa empresa ya está registrada. Pedile a un administrador que te invite.',
  cause: { issues: [{ path: ['rut'] }] },
};

const membersOf = (companyId: number) =>
  world.db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId));

/** Everything of the abandoned company an outsider could read, all of it closed to them. */
async function expectNothingOfTheCompany(user: SessionUser) {
  expect(await as(user).account.profile.get()).toEqual({ companyName: '', rut: '', role: null });
  expect(await as(user).account.company.members()).toBeNull();
  expect((await as(user).account.company.orders({ page: 1 })).items).toEqual([]);
  expect((await as(user).account.orders.list({ page: 1 })).items).toEqual([]);
  await expect(as(user).account.orders.get({ id: abandoned.orderId })).rejects.toMatchObject({
    code: 'NOT_FOUND',
  });
  await expect(as(user).orders.get({ id: abandoned.orderId })).rejects.toMatchObject({
    code: 'NOT_FOUND',
  });
  const [price] = await as(user).pricing.forMe({
    lines: [{ variantId: abandoned.variantId, quantity: 1 }],
  });
  expect(price).toMatchObject({ listPrice: '100.00', unitPrice: '100.00', rule: null });
}

beforeAll(async () => {
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Personal Tienda' });
  founder = await createTestUser(world.deps, { fullName: 'Fundador Ido', emailVerified: true });
  outsider = await createTestUser(world.deps, { fullName: 'Olga Ajena' });
  const [variant] = await createTestProduct(world.db, [{ stock: 50, price: '100.00' }]);
  abandoned.variantId = variant!.id;
  await as(founder).account.profile.update({ companyName: abandoned.name, rut: abandoned.rut });
  abandoned.orderId = (await requestQuote(founder, {})).id;
  await as(founder).account.orders.sendMessage({
    orderId: abandoned.orderId,
    body: 'Necesitamos factura a nombre de la empresa',
  });
  const [company] = await world.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.rut, abandoned.rut));
  abandoned.id = company!.id;
  await addRule(world.db, { companyId: abandoned.id, kind: 'all', percentOff: '20' });
  pendingInvitation.email = `pendiente-${Date.now()}@empresa.uy`;
  await as(founder).account.company.invite({ email: pendingInvitation.email });
  const mail = await mailTo(world, pendingInvitation.email, 'Te invitaron a');
  pendingInvitation = { ...pendingInvitation, token: linkIn(mail, '/invitacion').token };
  await as(founder).account.company.leave();

  const keeper = await createTestUser(world.deps, { fullName: 'Activo Admin' });
  await as(keeper).account.profile.update({ companyName: active.name, rut: active.rut });
});

describe("typing an existing company's RUT", () => {
  it("in 'Datos de la empresa' joins nobody to a company left without members", async () => {
    expect(await membersOf(abandoned.id)).toEqual([]);
    expect(
      await refusal(
        as(outsider).account.profile.update({ companyName: abandoned.name, rut: abandoned.rut }),
      ),
    ).toMatchObject(RUT_REFUSAL);
    expect(await membersOf(abandoned.id)).toEqual([]);
    await expectNothingOfTheCompany(outsider);
  });

  it("in 'Datos de la empresa' joins nobody to a company with members either", async () => {
    expect(
      await refusal(as(outsider).account.profile.update({ companyName: 'Otra', rut: active.rut })),
    ).toMatchObject(RUT_REFUSAL);
    expect(await as(outsider).account.profile.get()).toMatchObject({ role: null });
  });

  it('at checkout, refuses the quote at the RUT field and writes nothing', async () => {
    for (const company of [abandoned, active]) {
      expect(
        await refusal(requestQuote(outsider, { companyName: company.name, rut: company.rut })),
      ).toMatchObject(RUT_REFUSAL);
    }
    // Typed the way people do: spaces and dashes are the same RUT.
    const spaced = `${abandoned.rut.slice(0, 2)} ${abandoned.rut.slice(2, 8)}-${abandoned.rut.slice(8)}`;
    expect(
      await refusal(requestQuote(outsider, { companyName: 'Cualquiera', rut: spaced })),
    ).toMatchObject(RUT_REFUSAL);
    expect(
      await world.db.select().from(orders).where(eq(orders.customerId, outsider.customer!.id)),
    ).toEqual([]);
    const [company] = await world.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, abandoned.id));
    expect(company).toEqual({ name: abandoned.name });
    expect(await membersOf(abandoned.id)).toEqual([]);
    await expectNothingOfTheCompany(outsider);
  });

  it('nor through an invitation its last member sent before leaving', async () => {
    const invited = await createTestUser(world.deps, { email: pendingInvitation.email });
    await expect(
      as(invited).invitations.accept({ token: pendingInvitation.token }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.invitationInvalid });
    expect(await membersOf(abandoned.id)).toEqual([]);
    await expectNothingOfTheCompany(invited);
  });

  it('still lets a customer on their own found a company with a new RUT at checkout', async () => {
    const newcomer = await createTestUser(world.deps);
    const rut = freshRut();
    const { id } = await requestQuote(newcomer, { companyName: 'Nueva SRL', rut });
    expect(await as(newcomer).account.profile.get()).toEqual({
      companyName: 'Nueva SRL',
      rut,
      role: 'admin',
    });
    const [order] = await world.db
      .select({ companyId: orders.companyId, rut: orders.rut })
      .from(orders)
      .where(eq(orders.id, id));
    expect(order?.rut).toBe(rut);
    expect(order?.companyId).not.toBeNull();
  });
});

describe('the staff hand-over of a company without members', () => {
  const handOver = (email: string, id = abandoned.id) =>
    refusal(as(staff).admin.companies.handOver({ id, email }));

  it('is for staff only', async () => {
    await expect(
      as(outsider).admin.companies.handOver({ id: abandoned.id, email: outsider.user.email }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await membersOf(abandoned.id)).toEqual([]);
  });

  it('refuses an address without a customer account, at the e-mail field', async () => {
    expect(await handOver('nadie@ninguna.uy')).toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.handOverNoAccount,
      cause: { issues: [{ path: ['email'] }] },
    });
    expect(await handOver(staff.user.email)).toMatchObject({
      message: messages.handOverNoAccount,
    });
  });

  it('refuses a customer who already belongs to a company', async () => {
    const busy = await createTestUser(world.deps);
    await as(busy).account.profile.update({ companyName: 'Ocupada SA', rut: freshRut() });
    expect(await handOver(busy.user.email)).toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.handOverInCompany,
      cause: { issues: [{ path: ['email'] }] },
    });
  });

  it('makes the customer its administrator, with its orders and prices, and logs it', async () => {
    // The address as staff may type it: case and spaces aside.
    await as(staff).admin.companies.handOver({
      id: abandoned.id,
      email: `  ${outsider.user.email.toUpperCase()} `,
    });
    expect(await as(outsider).account.profile.get()).toEqual({
      companyName: abandoned.name,
      rut: abandoned.rut,
      role: 'admin',
    });
    const order = await as(outsider).account.orders.get({ id: abandoned.orderId });
    expect(order.messages.map((message) => message.body)).toContain(
      'Necesitamos factura a nombre de la empresa',
    );
    const [price] = await as(outsider).pricing.forMe({
      lines: [{ variantId: abandoned.variantId, quantity: 1 }],
    });
    expect(price?.unitPrice).toBe('80.00');

    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'company'));
    expect(entry).toMatchObject({
      userId: staff.user.id,
      userEmail: staff.user.email,
      entityId: String(abandoned.id),
      action: 'update',
      label: abandoned.name,
      changes: {
        administrator: { before: null, after: `Olga Ajena (${outsider.user.email})` },
      },
    });
    const listed = await as(staff).admin.activity.list({ page: 1, entityType: 'company' });
    expect(listed.items.map((item) => item.label)).toEqual([abandoned.name]);
  });

  it('refuses a company that has members again, and logs nothing', async () => {
    const other = await createTestUser(world.deps);
    expect(await handOver(other.user.email)).toMatchObject({
      code: 'CONFLICT',
      message: messages.handOverHasMembers,
    });
    expect(await as(other).account.profile.get()).toMatchObject({ role: null });
    expect(
      await world.db.select().from(auditLog).where(eq(auditLog.entityType, 'company')),
    ).toHaveLength(1);
  });

  it('answers NOT_FOUND for a company that does not exist', async () => {
    const other = await createTestUser(world.deps);
    expect(await handOver(other.user.email, 999_999)).toMatchObject({
      code: 'NOT_FOUND',
      message: messages.companyNotFoundStaff,
    });
  });
});
