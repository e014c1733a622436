// How many units one customer may hold at once in open quotes, so that one account cannot
// reserve the catalogue (a fresh account once held all 720 units of the demo for 7 days
// with two requests). Staff's own quotes (revisions) are not capped: the store decides them.
// An account whose e-mail is not confirmed yet holds fewer (docs/decisions/061-verified-email.md).
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { unverifiedCapRefusal } from '@shared/account-messages';
import { messages } from '@shared/messages';
import { OPEN_QUOTE_STATUSES } from '@shared/order-status';
import type { HeldUnitsCapInput } from '@shared/schemas/customer';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { customers, orders, users } from '../../db/schema';
import { changedFields, recordAudit } from '../infra/audit';
import { foundOrThrow } from '../infra/found';

export type CapConfig = Pick<
  Config,
  'MAX_HELD_UNITS' | 'MAX_HELD_VARIANT_PERCENT' | 'UNVERIFIED_MAX_HELD_UNITS'
>;

/** What the cap depends on: staff's override and whether the account's e-mail is confirmed. */
export type CapInputs = { maxHeldUnits: number | null; isVerified: boolean };

export type HeldUnitsCap = {
  /** Units across all the customer's open quotes, this request included. */
  maxUnits: number;
  /** Of each variant, this percentage of what is there for the customer (100: no limit). */
  variantPercent: number;
  /** The cap is the smaller one of an unconfirmed e-mail: confirming it lifts it. */
  isUnverified: boolean;
};

/**
 * The one place that decides a customer's cap: staff's override when they set one (it lifts
 * the per-variant share too: staff trust that account), else MAX_HELD_UNITS and
 * MAX_HELD_VARIANT_PERCENT, lowered to UNVERIFIED_MAX_HELD_UNITS while the account's e-mail
 * is not confirmed (anyone can type an address; a confirmed one is someone to talk to).
 */
export function heldUnitsCapOf(customer: CapInputs, config: CapConfig): HeldUnitsCap {
  if (customer.maxHeldUnits !== null) {
    return { maxUnits: customer.maxHeldUnits, variantPercent: 100, isUnverified: false };
  }
  const variantPercent = config.MAX_HELD_VARIANT_PERCENT;
  // Only where it is the smaller one: confirming the address must lift something.
  if (!customer.isVerified && config.UNVERIFIED_MAX_HELD_UNITS < config.MAX_HELD_UNITS) {
    return { maxUnits: config.UNVERIFIED_MAX_HELD_UNITS, variantPercent, isUnverified: true };
  }
  return { maxUnits: config.MAX_HELD_UNITS, variantPercent, isUnverified: false };
}

/**
 * Of one variant, the customer may hold `percent` of what is there for them (the stock left
 * plus what they already hold of it), rounded down, and at least 1: the last unit of a
 * variant can still be asked for.
 */
export const variantShareOf = (stockLeft: number, held: number, percent: number) =>
  Math.max(1, Math.floor(((stockLeft + held) * percent) / 100));

/**
 * The units the customer's open quotes hold, per variant: each order's latest revision once
 * staff sent one, its requested lines before that (as order-status.ts reservedLines reads one
 * order). Lines of deleted variants, and lines quoted without stock, hold nothing.
 */
export async function heldUnitsByVariant(
  db: Executor,
  customerId: number,
): Promise<Map<number, number>> {
  const statuses = sql.join(
    OPEN_QUOTE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await queryRows<{ variant_id: number; quantity: number }>(
    db,
    sql`with open_orders as (
          select id from orders where customer_id = ${customerId} and status in (${statuses})),
        latest as (
          select distinct on (order_id) order_id, id from quote_revisions
          where order_id in (select id from open_orders)
          order by order_id, number desc),
        lines as (
          select l.variant_id, l.quantity from quote_revision_lines l
          join latest on latest.id = l.revision_id
          where not l.is_backorder
          union all
          select variant_id, quantity from order_items
          where order_id in (select id from open_orders) and not is_backorder
            and order_id not in (select order_id from latest))
        select variant_id, sum(quantity)::int as quantity from lines
        where variant_id is not null group by variant_id`,
  );
  return new Map(rows.map((row) => [row.variant_id, Number(row.quantity)]));
}

/** Staff's override of the customer's cap (null: the store's) and whether the e-mail is confirmed. */
export async function capInputsOf(db: Executor, customerId: number): Promise<CapInputs> {
  const [row] = await db
    .select({ maxHeldUnits: customers.maxHeldUnits, verifiedAt: users.emailVerifiedAt })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, customerId));
  return { maxHeldUnits: row?.maxHeldUnits ?? null, isVerified: Boolean(row?.verifiedAt) };
}

/**
 * Refuses a request that would take the customer past their cap. `lines` are the request's
 * units per variant with the stock each had before it (read under the variant's lock, so the
 * figures cannot move before the commit); the caller's transaction rolls back on refusal.
 */
export async function assertWithinHeldUnits(
  db: Executor,
  customerId: number,
  lines: { variantId: number; quantity: number; stockBefore: number }[],
  config: CapConfig,
) {
  const cap = heldUnitsCapOf(await capInputsOf(db, customerId), config);
  const held = await heldUnitsByVariant(db, customerId);
  const heldTotal = [...held.values()].reduce((sum, units) => sum + units, 0);
  const asked = lines.reduce((sum, line) => sum + line.quantity, 0);
  const isOverShare = lines.some((line) => {
    const already = held.get(line.variantId) ?? 0;
    return already + line.quantity > variantShareOf(line.stockBefore, already, cap.variantPercent);
  });
  if (heldTotal + asked > cap.maxUnits && cap.isUnverified) {
    throw new TRPCError({ code: 'CONFLICT', message: unverifiedCapRefusal(cap.maxUnits) });
  }
  if (heldTotal + asked > cap.maxUnits || isOverShare) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.heldUnitsCap });
  }
}

/**
 * What the order's page shows staff about its customer's cap: units held now in open quotes,
 * the cap that applies and whether it is staff's own.
 */
export async function heldUnitsOfOrderCustomer(db: Executor, orderId: number, config: CapConfig) {
  const { customerId, maxHeldUnits, verifiedAt } = await foundOrThrow(
    db
      .select({
        customerId: customers.id,
        maxHeldUnits: customers.maxHeldUnits,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(users, eq(users.id, customers.userId))
      .where(eq(orders.id, orderId)),
    messages.orderNotFound,
  );
  const held = await heldUnitsByVariant(db, customerId);
  return {
    customerId,
    heldUnits: [...held.values()].reduce((sum, units) => sum + units, 0),
    maxUnits: heldUnitsCapOf({ maxHeldUnits, isVerified: Boolean(verifiedAt) }, config).maxUnits,
    override: maxHeldUnits,
    storeMaxUnits: config.MAX_HELD_UNITS,
  };
}

/** Staff set (or, with null, remove) a customer's own cap; recorded in the activity log. */
export async function setHeldUnitsCap(
  db: Database,
  input: HeldUnitsCapInput,
  actor: { userId: number },
) {
  return db.transaction(async (tx) => {
    const before = await foundOrThrow(
      tx
        .select({ fullName: customers.fullName, maxHeldUnits: customers.maxHeldUnits })
        .from(customers)
        .where(eq(customers.id, input.customerId))
        .for('no key update'),
      messages.customerNotFound,
    );
    await tx
      .update(customers)
      .set({ maxHeldUnits: input.maxHeldUnits })
      .where(eq(customers.id, input.customerId));
    await recordAudit(tx, {
      userId: actor.userId,
      entityType: 'customer',
      entityId: input.customerId,
      action: 'update',
      label: before.fullName,
      changes: changedFields(
        { maxHeldUnits: before.maxHeldUnits },
        { maxHeldUnits: input.maxHeldUnits },
      ),
    });
    return { customerId: input.customerId, maxHeldUnits: input.maxHeldUnits };
  });
}
