// /account/privacidad, the customer's rights under Ley 18.331 (docs/decisions/059-account-deletion.md):
// 'Descargar mis datos' (everything the store keeps about the account, nothing about other
// people) and 'Eliminar mi cuenta'.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Database } from '../../db/client';
import {
  addresses,
  customers,
  newsletterSubscriptions,
  orderItems,
  orderMessages,
  orders,
  outbox,
  quoteRequests,
  quoteRevisions,
  users,
} from '../../db/schema';
import { membershipOf } from '../companies/companies';
import { leaveInside } from '../companies/company-members';
import { foundOrThrow } from '../infra/found';
import { orderRequestColumns } from '../orders/order-columns';

/** What a deleted customer's orders and messages show in place of their personal data. */
export const DELETED_CUSTOMER = messages.deletedCustomer;
export const DELETED_MESSAGE = 'Mensaje de un cliente eliminado';

type Account = { userId: number; customerId: number };

/**
 * The account's data as one JSON document: its profile and addresses, its company membership,
 * its own orders with their lines, quotes and the messages it wrote or the store wrote to it,
 * and its newsletter subscription. Orders of other members, their messages and the staff's
 * names stay out.
 */
export async function exportPersonalData(db: Database, account: Account, now: Date) {
  const user = await foundOrThrow(
    db
      .select({
        email: users.email,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        fullName: customers.fullName,
        phone: customers.phone,
      })
      .from(users)
      .innerJoin(customers, eq(customers.userId, users.id))
      .where(eq(users.id, account.userId)),
    messages.userNotFound,
  );
  const membership = await membershipOf(db, account.customerId);
  const ownOrders = await db
    .select({
      ...orderRequestColumns,
      addressId: orders.addressId,
    })
    .from(orders)
    .where(eq(orders.customerId, account.customerId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const orderIds = ownOrders.map((order) => order.id);
  const none = orderIds.length === 0;
  const [items, revisions, thread, ownAddresses, subscription] = await Promise.all([
    none
      ? []
      : db
          .select({
            orderId: orderItems.orderId,
            productName: orderItems.productName,
            colorName: orderItems.colorName,
            storage: orderItems.storage,
            price: orderItems.price,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id)),
    none
      ? []
      : db
          .select({
            orderId: quoteRevisions.orderId,
            number: quoteRevisions.number,
            validUntil: quoteRevisions.validUntil,
            total: quoteRevisions.total,
            createdAt: quoteRevisions.createdAt,
          })
          .from(quoteRevisions)
          .where(inArray(quoteRevisions.orderId, orderIds))
          .orderBy(asc(quoteRevisions.number)),
    // The account's own messages and the store's; another member's stay out.
    none
      ? []
      : db
          .select({
            orderId: orderMessages.orderId,
            authorRole: orderMessages.authorRole,
            body: orderMessages.body,
            createdAt: orderMessages.createdAt,
          })
          .from(orderMessages)
          .where(
            and(
              inArray(orderMessages.orderId, orderIds),
              or(eq(orderMessages.authorRole, 'admin'), eq(orderMessages.authorId, account.userId)),
            ),
          )
          .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id)),
    db
      .select({
        addressLine1: addresses.addressLine1,
        addressLine2: addresses.addressLine2,
        city: addresses.city,
        state: addresses.state,
        postalCode: addresses.postalCode,
        country: addresses.country,
        id: addresses.id,
      })
      .from(addresses)
      .where(eq(addresses.customerId, account.customerId)),
    db
      .select({ since: newsletterSubscriptions.createdAt })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, user.email)),
  ]);
  const addressById = new Map(ownAddresses.map(({ id, ...address }) => [id, address]));
  return {
    exportedAt: now.toISOString(),
    account: {
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    },
    profile: { fullName: user.fullName, phone: user.phone },
    addresses: [...addressById.values()],
    company: membership && {
      name: membership.companyName,
      rut: membership.rut,
      role: membership.role,
      spendingLimit: membership.spendingLimit,
    },
    orders: ownOrders.map(({ addressId, createdAt, ...order }) => ({
      ...order,
      createdAt: createdAt.toISOString(),
      address: addressId === null ? null : (addressById.get(addressId) ?? null),
      items: items
        .filter((item) => item.orderId === order.id)
        .map(({ orderId: _, ...item }) => item),
      quotes: revisions
        .filter((revision) => revision.orderId === order.id)
        .map(({ orderId: _, createdAt: sent, ...revision }) => ({
          ...revision,
          createdAt: sent.toISOString(),
        })),
      messages: thread
        .filter((message) => message.orderId === order.id)
        .map((message) => ({
          from: message.authorRole === 'admin' ? 'Tienda' : 'Vos',
          body: message.body,
          createdAt: message.createdAt.toISOString(),
        })),
    })),
    newsletter: {
      isSubscribed: subscription.length > 0,
      since: subscription[0]?.since.toISOString() ?? null,
    },
  };
}

export type PersonalData = Awaited<ReturnType<typeof exportPersonalData>>;

/**
 * 'Eliminar mi cuenta' (the caller checked the password): the user, its sessions and links
 * go; its orders keep their lines and amounts for the store's accounts, with 'Cliente
 * eliminado' in place of every personal field; the address can register again. The last
 * administrator of a company with other members must hand over first; as its last member the
 * company stays, without members, with its orders.
 */
export async function deleteAccount(db: Database, account: Account & { email: string }) {
  await db.transaction(async (tx) => {
    await leaveInside(tx, account.customerId, messages.deleteLastAdmin);
    const ownOrders = tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, account.customerId));
    await tx
      .update(quoteRequests)
      .set({ email: DELETED_CUSTOMER, phone: null, message: null })
      .where(inArray(quoteRequests.orderId, ownOrders));
    await tx
      .update(orderMessages)
      .set({ body: DELETED_MESSAGE })
      .where(eq(orderMessages.authorId, account.userId));
    await tx
      .update(orders)
      .set({ contactEmail: DELETED_CUSTOMER, contactPhone: null, message: null, addressId: null })
      .where(eq(orders.customerId, account.customerId));
    await tx.delete(addresses).where(eq(addresses.customerId, account.customerId));
    // The mails to the address (sent or waiting) and the forwarded requests that carry it.
    await tx
      .delete(outbox)
      .where(
        sql`${outbox.payload}->>'to' = ${account.email} or ${outbox.payload}->>'email' = ${account.email}`,
      );
    await tx
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, account.email));
    const [hasOrders] = await tx
      .select({ id: sql`1` })
      .from(ownOrders.as('own'))
      .limit(1);
    if (hasOrders) {
      await tx
        .update(customers)
        .set({
          fullName: DELETED_CUSTOMER,
          email: '',
          phone: null,
          companyName: null,
          rut: null,
          staffNote: null,
        })
        .where(eq(customers.id, account.customerId));
    } else {
      await tx.delete(customers).where(eq(customers.id, account.customerId));
    }
    // Sessions, roles and account links go with the user (foreign keys ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, account.userId));
  });
}

/** Staff accounts are the operator's to manage (ADMIN_EMAIL, the admin command). */
export function refuseStaffDeletion(role: string) {
  if (role === 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.deleteStaffAccount });
  }
}
