// 'Pedir cambios': the buyer answers a sent revision with what they want changed instead of
// accepting it. It is an event on the deal, not a status: the order stays Modificado, holding
// its stock and running its validity, until staff send the next revision, which answers it
// (docs/decisions/090-asking-for-changes-is-an-event.md).
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import { formatDay, storeDay } from '@shared/format';
import { quoteExpiredRefusal } from '@shared/messages';
import { negotiationMessages } from '@shared/negotiation';
import { EXPIRED_STATUS, REVISED_STATUS } from '@shared/order-status';
import type { ChangeRequestInput } from '@shared/schemas/quote';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { customers, quoteChangeRequests, quoteRevisions } from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { requireCurrentMember } from '../companies/company-orders';
import { lockOrder } from './quote-revisions';

/** The buyer asking, with what the staff's mail needs. */
export type ChangeRequester = {
  customerId: number;
  userId: number;
  staffEmail: string;
  store: StoreIdentity;
  now: Date;
};

/**
 * Records the request on the latest revision and mails staff, in one transaction. The checks
 * are acceptRevision's: the order's requester (another customer's order is NOT_FOUND), still a
 * member of its company, on the revision that is still the latest, sent and valid.
 */
export async function requestChanges(
  db: Database,
  input: ChangeRequestInput,
  buyer: ChangeRequester,
) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.id, buyer.customerId);
    await requireCurrentMember(tx, input.id, buyer.customerId);
    const [latest] = await queryRows<{ id: number; number: number; valid_until: string }>(
      tx,
      sql`select id, number, valid_until::text as valid_until
          from quote_revisions where order_id = ${input.id}
          order by number desc limit 1`,
    );
    if (!latest || latest.number !== input.revision) {
      throw new TRPCError({ code: 'CONFLICT', message: negotiationMessages.changeNotCurrent });
    }
    // An expired quote is renewed ('Pedir renovación'), not changed.
    if (
      order.status === EXPIRED_STATUS ||
      (order.status === REVISED_STATUS && latest.valid_until < storeDay(buyer.now))
    ) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: quoteExpiredRefusal(formatDay(latest.valid_until)),
      });
    }
    if (order.status !== REVISED_STATUS) {
      throw new TRPCError({ code: 'CONFLICT', message: negotiationMessages.changeNotOpen });
    }
    const [recorded] = await tx
      .insert(quoteChangeRequests)
      .values({
        orderId: input.id,
        revisionId: latest.id,
        reason: input.reason,
        requestedBy: buyer.userId,
        createdAt: buyer.now,
      })
      .onConflictDoNothing()
      .returning({ id: quoteChangeRequests.id });
    if (!recorded) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: negotiationMessages.changeAlreadyRequested,
      });
    }
    await queueMail(
      tx,
      orderMails(buyer.store).changesRequestedToStaff(buyer.staffEmail, {
        orderId: input.id,
        revision: latest.number,
        customer: order.full_name,
        reason: input.reason,
      }),
    );
    return { id: recorded.id };
  });
}

/**
 * An order's change requests, oldest first, each with its revision's number; `openChangeRequest`
 * is the one on the latest revision of a quote still waiting (Modificado): staff have not
 * answered it yet. Null when there is none.
 */
export async function listChangeRequests(db: Executor, orderId: number) {
  const requests = await db
    .select({
      id: quoteChangeRequests.id,
      revision: quoteRevisions.number,
      reason: quoteChangeRequests.reason,
      createdAt: quoteChangeRequests.createdAt,
      requestedByName: customers.fullName,
    })
    .from(quoteChangeRequests)
    .innerJoin(quoteRevisions, eq(quoteRevisions.id, quoteChangeRequests.revisionId))
    .leftJoin(customers, eq(customers.userId, quoteChangeRequests.requestedBy))
    .where(eq(quoteChangeRequests.orderId, orderId))
    .orderBy(asc(quoteChangeRequests.createdAt), asc(quoteChangeRequests.id));
  const [latest] = await queryRows<{ number: number | null; status: string }>(
    db,
    sql`select o.status, (select max(number)::int from quote_revisions
                          where order_id = o.id) as number
        from orders o where o.id = ${orderId}`,
  );
  // Accepted, cancelled or expired meanwhile, it no longer waits for an answer.
  const open =
    latest?.status === REVISED_STATUS
      ? (requests.find((request) => request.revision === latest.number) ?? null)
      : null;
  return { changeRequests: requests, openChangeRequest: open };
}
