// The one way a row enters the outbox (docs/decisions/075-outbox-fast-and-in-order.md): the
// insert and a NOTIFY in one statement, inside the caller's transaction. PostgreSQL delivers
// the notification only when that transaction commits, to every instance listening (the
// outbox worker, services/infra/outbox.ts), and drops it on rollback: no caller has to
// remember to wake the worker, and a rolled-back change wakes nobody.
import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** The channel the outbox workers LISTEN on. */
export const OUTBOX_CHANNEL = 'outbox_queued';

/**
 * The order in which the worker takes messages, lowest first, then oldest first: what guards
 * an account (a reset, a confirmation link, an invitation), then what a customer is waiting
 * for, then what tells staff. A mail's is decided by its name (mail/mail-priority.ts).
 */
export const OUTBOX_PRIORITY = { accountSecurity: 0, customer: 1, staff: 2 } as const;
export type OutboxPriority = (typeof OUTBOX_PRIORITY)[keyof typeof OUTBOX_PRIORITY];

export type OutboxKind = 'quote' | 'contact' | 'mail';

/** Queues a message in the caller's transaction: it exists, and wakes a worker, on commit. */
export async function enqueueMessage(
  tx: Executor,
  message: { kind: OutboxKind; payload: Record<string, unknown>; priority: OutboxPriority },
) {
  // A data-modifying WITH runs whether or not the outer query reads it; the NOTIFYs of one
  // transaction with the same payload are folded into one.
  await tx.execute(
    sql`with queued as (
          insert into outbox (kind, payload, priority)
          values (${message.kind}, ${JSON.stringify(message.payload)}::jsonb, ${message.priority})
          returning id)
        select pg_notify(${OUTBOX_CHANNEL}, '') from queued`,
  );
}
