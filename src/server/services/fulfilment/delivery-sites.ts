// 'Direcciones' (docs/decisions/081-address-book-and-delivery-choice.md): a company's billing
// data apart from its delivery sites. Every member picks a site; its administrators manage
// them and the default. A customer without a company keeps sites of their own, the same way.
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SiteSnapshot } from '@shared/delivery';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import type { DeliverySiteInput, FiscalAddressInput } from '@shared/schemas/uy-address';
import type { Database, Executor, Transaction } from '../../db/client';
import { deliverySites, fiscalAddresses, orders } from '../../db/schema';
import { messages } from '@shared/messages';
import { membershipOf, type Membership } from '../companies/companies';
import { foundOrThrow } from '../infra/found';

/** Enough for every branch and warehouse a buyer of ours has; a list beyond it is a mistake. */
export const MAX_SITES_PER_OWNER = 50;

/** Whose address book a customer reads: their company's, or their own without one. */
export type SiteOwner = { companyId: number } | { customerId: number };

const ownerCondition = (owner: SiteOwner): SQL =>
  'companyId' in owner
    ? eq(deliverySites.companyId, owner.companyId)
    : eq(deliverySites.customerId, owner.customerId);

async function ownerOf(db: Executor, customerId: number) {
  const membership = await membershipOf(db, customerId);
  const owner: SiteOwner = membership ? { companyId: membership.companyId } : { customerId };
  return { owner, membership, canManage: !membership || membership.role === 'admin' };
}

/** The owner the caller may change: theirs alone, or their company's as its administrator. */
async function managedOwner(db: Executor, customerId: number): Promise<SiteOwner> {
  const { owner, canManage } = await ownerOf(db, customerId);
  if (!canManage) throw new TRPCError({ code: 'FORBIDDEN', message: text.sitesAdminOnly });
  return owner;
}

export const siteColumns = {
  id: deliverySites.id,
  name: deliverySites.name,
  street: deliverySites.street,
  locality: deliverySites.locality,
  departamento: deliverySites.departamento,
  postalCode: deliverySites.postalCode,
  phone: deliverySites.phone,
  contactName: deliverySites.contactName,
  hours: deliverySites.hours,
  isDefault: deliverySites.isDefault,
};

/** The owner's sites, the default first, then by name. */
function sitesOf(db: Executor, owner: SiteOwner) {
  return db
    .select(siteColumns)
    .from(deliverySites)
    .where(ownerCondition(owner))
    .orderBy(desc(deliverySites.isDefault), asc(deliverySites.name), asc(deliverySites.id));
}

/** 'Direcciones': the billing data (with a company), the sites and what the caller may do. */
export async function getAddressBook(db: Executor, customerId: number) {
  const { owner, membership, canManage } = await ownerOf(db, customerId);
  return {
    canManage,
    billing: membership ? await billingOf(db, membership) : null,
    sites: await sitesOf(db, owner),
  };
}

async function billingOf(db: Executor, membership: Membership) {
  const [fiscal] = await db
    .select({
      street: fiscalAddresses.street,
      locality: fiscalAddresses.locality,
      departamento: fiscalAddresses.departamento,
      postalCode: fiscalAddresses.postalCode,
    })
    .from(fiscalAddresses)
    .where(eq(fiscalAddresses.companyId, membership.companyId));
  return { companyName: membership.companyName, rut: membership.rut, fiscal: fiscal ?? null };
}

const siteValues = (input: DeliverySiteInput) => ({
  name: input.name,
  street: input.street,
  locality: input.locality,
  departamento: input.departamento,
  postalCode: input.postalCode || null,
  phone: input.phone,
  contactName: input.contactName || null,
  hours: input.hours || null,
});

/**
 * Serialises the writes to one owner's book (the count, the default), so two never race: the
 * owner's row, which exists even before their first site. NO KEY UPDATE, as every lock on these
 * rows (services/catalog/stock-locks.ts): it keeps foreign key checks of other writers free.
 */
async function lockBook(tx: Transaction, owner: SiteOwner) {
  await tx.execute(
    'companyId' in owner
      ? sql`select id from companies where id = ${owner.companyId} for no key update`
      : sql`select id from customers where id = ${owner.customerId} for no key update`,
  );
}

/** A new site; the first one of an owner is their default. */
export async function createSite(db: Database, customerId: number, input: DeliverySiteInput) {
  return db.transaction(async (tx) => {
    const owner = await managedOwner(tx, customerId);
    await lockBook(tx, owner);
    const count = await tx.$count(deliverySites, ownerCondition(owner));
    if (count >= MAX_SITES_PER_OWNER) {
      throw new TRPCError({ code: 'CONFLICT', message: text.tooManySites });
    }
    const [site] = await tx
      .insert(deliverySites)
      .values({ ...owner, ...siteValues(input), isDefault: count === 0 })
      .returning({ id: deliverySites.id });
    return { id: site!.id };
  });
}

/** The site, when it is in the book the caller manages; NOT_FOUND otherwise. */
async function managedSite(tx: Transaction, customerId: number, siteId: number) {
  const owner = await managedOwner(tx, customerId);
  await lockBook(tx, owner);
  const site = await foundOrThrow(
    tx
      .select({ id: deliverySites.id, isDefault: deliverySites.isDefault })
      .from(deliverySites)
      .where(and(eq(deliverySites.id, siteId), ownerCondition(owner))),
    text.siteNotFound,
  );
  return { owner, site };
}

export async function updateSite(
  db: Database,
  customerId: number,
  input: DeliverySiteInput & { siteId: number },
) {
  await db.transaction(async (tx) => {
    await managedSite(tx, customerId, input.siteId);
    await tx.update(deliverySites).set(siteValues(input)).where(eq(deliverySites.id, input.siteId));
  });
}

/**
 * Removes a site: orders that chose it keep their copy. When it was the default, the next one
 * by name becomes it, so a book with sites always has one.
 */
export async function deleteSite(db: Database, customerId: number, siteId: number) {
  await db.transaction(async (tx) => {
    const { owner, site } = await managedSite(tx, customerId, siteId);
    await tx.delete(deliverySites).where(eq(deliverySites.id, siteId));
    if (!site.isDefault) return;
    const [next] = await sitesOf(tx, owner).limit(1);
    if (next) {
      await tx.update(deliverySites).set({ isDefault: true }).where(eq(deliverySites.id, next.id));
    }
  });
}

export async function setDefaultSite(db: Database, customerId: number, siteId: number) {
  await db.transaction(async (tx) => {
    const { owner } = await managedSite(tx, customerId, siteId);
    // The old default first: the partial unique index allows one per owner at every moment.
    await tx
      .update(deliverySites)
      .set({ isDefault: false })
      .where(and(ownerCondition(owner), eq(deliverySites.isDefault, true)));
    await tx.update(deliverySites).set({ isDefault: true }).where(eq(deliverySites.id, siteId));
  });
}

/** The domicilio fiscal of the caller's company, by its administrator. */
export async function saveFiscalAddress(
  db: Database,
  customerId: number,
  input: FiscalAddressInput,
) {
  const membership = await membershipOf(db, customerId);
  if (!membership) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: text.fiscalAddressNeedsCompany });
  }
  if (membership.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: text.sitesAdminOnly });
  }
  const values = {
    street: input.street,
    locality: input.locality,
    departamento: input.departamento,
    postalCode: input.postalCode || null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(fiscalAddresses)
    .values({ companyId: membership.companyId, ...values })
    .onConflictDoUpdate({ target: fiscalAddresses.companyId, set: values });
}

/**
 * A site the requester may send an order to (their company's, or their own without one),
 * read inside the order's transaction; refused under the form's field otherwise.
 */
export async function siteOfRequester(tx: Executor, customerId: number, siteId: number) {
  const { owner } = await ownerOf(tx, customerId);
  const [site] = await tx
    .select(siteColumns)
    .from(deliverySites)
    .where(and(eq(deliverySites.id, siteId), ownerCondition(owner)));
  return site;
}

type SiteRow = Awaited<ReturnType<typeof siteOfRequester>>;

/** What an order or a dispatch copies of a site (nulls for a pickup, which goes nowhere). */
export const siteSnapshot = (site: SiteRow | null): SiteSnapshot => ({
  siteName: site?.name ?? null,
  street: site?.street ?? null,
  locality: site?.locality ?? null,
  departamento: site?.departamento ?? null,
  postalCode: site?.postalCode ?? null,
  phone: site?.phone ?? null,
  contactName: site?.contactName ?? null,
  hours: site?.hours ?? null,
});

/** The book staff pick from for an order (a revision's delivery, a dispatch's site). */
export async function sitesForOrder(db: Executor, orderId: number) {
  const order = await foundOrThrow(
    db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId)),
    messages.orderNotFound,
  );
  const { owner } = await ownerOf(db, order.customerId);
  return sitesOf(db, owner);
}
