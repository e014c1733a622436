// Ley 18.331: 'Descargar mis datos' gives the account's own data and nothing of other
// people; 'Eliminar mi cuenta' deletes the account and its sessions, keeps its orders' amounts
// with 'Cliente eliminado' in place of personal data, and frees the address.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  generateSessionToken,
  type SessionUser,
  validateSessionToken,
} from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { customers, newsletterSubscriptions, orders, users } from '@server/db/schema';
import type { PersonalData } from '@server/services/accounts/privacy';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { createTestProduct } from './orders-fixtures';

const world = useMailWorld({ http: true });
let counter = 0;
const as = (user: SessionUser) => callerFor(world.deps, user);
const visitor = () => createCaller(createContextInner(world.deps, { ip: `10.2.0.${++counter}` }));

let owner: SessionUser;
let colleague: SessionUser;

async function requestQuote(user: SessionUser, message: string) {
  const [variant] = await createTestProduct(world.db, [{ stock: 10, price: '250.00' }]);
  const { id } = await as(user).orders.requestQuote({
    email: user.user.email,
    phone: '099 123 456',
    message,
    address: {
      addressLine1: 'Av. Brasil 2500',
      city: 'Montevideo',
      state: 'Montevideo',
      country: 'Uruguay',
    },
    items: [{ variantId: variant!.id, quantity: 2 }],
    idempotencyKey: `privacidad-${++counter}`,
  });
  return id;
}

async function cookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, world.deps.clock.now());
  return { cookie: `session=${token}`, token };
}

beforeAll(async () => {
  owner = await createTestUser(world.deps, { fullName: 'Olga Titular', emailVerified: true });
  colleague = await createTestUser(world.deps, { fullName: 'Pablo Colega' });
  await as(owner).account.profile.update({ companyName: 'Datos S.A.', rut: '219999990016' });
  await as(owner).account.company.invite({ email: colleague.user.email });
  const mail = await mailTo(world, colleague.user.email, 'Te invitaron a');
  await as(colleague).invitations.accept({ token: linkIn(mail, '/invitacion').token });
  await visitor().contact.subscribe({ email: owner.user.email });
});

describe('Descargar mis datos', () => {
  it("is a JSON file of the account's own data, with nothing of other people", async () => {
    const ownOrder = await requestQuote(owner, 'Mensaje de Olga');
    const colleagueOrder = await requestQuote(colleague, 'Secreto de Pablo');
    await as(colleague).account.orders.sendMessage({ orderId: ownOrder, body: 'Nota de Pablo' });
    await as(owner).account.orders.sendMessage({ orderId: ownOrder, body: 'Consulta de Olga' });

    const { cookie } = await cookieOf(owner);
    const response = await world.app.inject({
      method: 'GET',
      url: '/api/account/data.json',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="mis-datos-tienda-/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json<PersonalData>();

    expect(data.account.email).toBe(owner.user.email);
    expect(data.profile.fullName).toBe('Olga Titular');
    expect(data.company).toMatchObject({ name: 'Datos S.A.', rut: '219999990016', role: 'admin' });
    expect(data.newsletter.isSubscribed).toBe(true);
    expect(data.orders.map((order) => order.id)).toEqual([ownOrder]);
    expect(data.orders[0]).toMatchObject({
      message: 'Mensaje de Olga',
      contactPhone: '099 123 456',
      address: { addressLine1: 'Av. Brasil 2500' },
      items: [{ quantity: 2, price: '250.00' }],
    });
    expect(data.orders[0]!.messages.map((message) => message.body)).toEqual(['Consulta de Olga']);

    const text = response.body;
    for (const other of [
      colleague.user.email,
      'Pablo Colega',
      'Secreto de Pablo',
      'Nota de Pablo',
    ]) {
      expect(text).not.toContain(other);
    }
    expect(text).not.toContain(`"id": ${colleagueOrder}`);
  });

  it('is refused to a visitor', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/account/data.json' });
    expect(response.statusCode).toBe(401);
  });
});

describe('Eliminar mi cuenta', () => {
  it('deletes the account and its sessions, keeps the amounts, frees the address', async () => {
    const leaving = await createTestUser(world.deps, { fullName: 'Lucía Se Va' });
    const email = leaving.user.email;
    await visitor().contact.subscribe({ email });
    const orderId = await requestQuote(leaving, 'Dejar en portería');
    const [before] = await world.db
      .select({ total: orders.totalAmount })
      .from(orders)
      .where(eq(orders.id, orderId));
    const { token } = await cookieOf(leaving);

    await expect(
      as(leaving).account.privacy.deleteAccount({ password: 'no-es' }),
    ).rejects.toMatchObject({ message: messages.currentPasswordWrong });
    await as(leaving).account.privacy.deleteAccount({ password: 'secreto123' });

    expect(await validateSessionToken(world.db, token, world.deps.clock.now())).toBeNull();
    expect(await world.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const [order] = await queryRows<Record<string, unknown>>(
      world.db,
      sql`select o.total_amount::text as total, o.contact_email, o.contact_phone, o.message,
                 o.address_id, c.full_name, c.email, c.user_id
          from orders o join customers c on c.id = o.customer_id where o.id = ${orderId}`,
    );
    expect(order).toEqual({
      total: before!.total,
      contact_email: 'Cliente eliminado',
      contact_phone: null,
      message: null,
      address_id: null,
      full_name: 'Cliente eliminado',
      email: '',
      user_id: null,
    });
    const staff = await createTestUser(world.deps, { role: 'admin' });
    const list = await as(staff).admin.orders.list({ page: 1, search: String(orderId) });
    expect(list.items[0]).toMatchObject({ id: orderId, customerName: 'Cliente eliminado' });
    expect(
      await world.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);
    const leftovers = await queryRows(
      world.db,
      sql`select id from outbox where payload::text like ${`%${email}%`}`,
    );
    expect(leftovers).toEqual([]);

    // The address registers again, as a new account with none of the old one's orders.
    await visitor().auth.register({ email, password: 'otra-clave', fullName: 'Lucía Vuelve' });
    const again = await visitor().auth.login({ email, password: 'otra-clave' });
    expect(again).toMatchObject({ email, fullName: 'Lucía Vuelve' });
  });

  it('asks the last administrator of a company with members to hand over first', async () => {
    await expect(
      as(owner).account.privacy.deleteAccount({ password: 'secreto123' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.deleteLastAdmin });
    expect(await world.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
  });

  it('leaves the company without members when its only member goes, keeping its orders', async () => {
    const alone = await createTestUser(world.deps);
    await as(alone).account.profile.update({ companyName: 'Sola SRL', rut: '112223330019' });
    const orderId = await requestQuote(alone, 'Única');
    await as(alone).account.privacy.deleteAccount({ password: 'secreto123' });
    const [row] = await queryRows<{ company_id: number | null; members: number }>(
      world.db,
      sql`select o.company_id, (select count(*)::int from company_members m
                                where m.company_id = o.company_id) as members
          from orders o where o.id = ${orderId}`,
    );
    expect(row?.company_id).not.toBeNull();
    expect(row?.members).toBe(0);
    // Typing its RUT joins nobody: staff hand it over (docs/decisions/074-a-rut-is-not-a-key.md).
    const heir = await createTestUser(world.deps);
    await expect(
      as(heir).account.profile.update({ companyName: 'Sola SRL', rut: '112223330019' }),
    ).rejects.toMatchObject({ message: messages.companyRutTaken });
    const staff = await createTestUser(world.deps, { role: 'admin' });
    await as(staff).admin.companies.handOver({ id: row!.company_id!, email: heir.user.email });
    expect((await as(heir).account.orders.get({ id: orderId })).customerName).toBe(
      'Cliente eliminado',
    );
  });

  it('deletes an account without orders entirely', async () => {
    const brief = await createTestUser(world.deps);
    await as(brief).account.privacy.deleteAccount({ password: 'secreto123' });
    expect(
      await world.db.select().from(customers).where(eq(customers.id, brief.customer!.id)),
    ).toEqual([]);
  });

  it('is not for staff accounts', async () => {
    const staff = await createTestUser(world.deps, { role: 'admin' });
    await expect(
      as(staff).account.privacy.deleteAccount({ password: 'secreto123' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.deleteStaffAccount });
  });
});
