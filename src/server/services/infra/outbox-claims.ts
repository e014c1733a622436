// The outbox's rows as the worker sees them (services/infra/outbox.ts): a claim takes the most
// urgent due row for a lease, and the outcome is written only while that claim stands. Every
// instant is the caller's (deps.clock), never the database's now(), so a test that moves the
// clock moves the whole outbox with it (docs/decisions/075-outbox-fast-and-in-order.md).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { OUTBOX_PRIORITY, type OutboxKind } from '../../db/outbox-queue';
import { outbox } from '../../db/schema';

export const ALL_KINDS: OutboxKind[] = ['quote', 'contact', 'mail'];

/**
 * How long a claimed message belongs to its worker. Longer than one delivery may take (see
 * attemptTimeoutMs in outbox.ts), so a live worker always finishes inside its lease; a worker
 * that died holding it only delays that message by this much.
 */
export const LEASE_SECONDS = 60;

export type ClaimedMessage = {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
  priority: number;
};

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const kindIn = (kinds: OutboxKind[]) =>
  sql`kind in (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;

type ClaimOptions = {
  now: Date;
  leaseSeconds?: number;
  kinds?: OutboxKind[];
  /** Addresses with a customer's mail on its way from this worker: their next one waits. */
  busyRecipients?: string[];
};

/**
 * Leaves out the customers' mails to `recipients`. Staff notices (and form requests) never
 * wait: they all go to the store's one address, and each stands alone.
 */
const notTo = (recipients: string[] = []) =>
  recipients.length === 0
    ? sql`true`
    : sql`(priority = ${OUTBOX_PRIORITY.staff} or coalesce(payload->>'to', '') not in (${sql.join(
        recipients.map((to) => sql`${to}`),
        sql`, `,
      )}))`;

/** The claim's statement (tests read its plan). */
export function claimStatement(options: ClaimOptions) {
  const now = at(options.now);
  return sql`update outbox
        set locked_until = ${now} + make_interval(secs => ${options.leaseSeconds ?? LEASE_SECONDS}),
            attempts = attempts + 1
        where id = (select id from outbox
                    where delivered_at is null
                      and (next_attempt_at is null or next_attempt_at <= ${now})
                      and (locked_until is null or locked_until <= ${now})
                      and ${kindIn(options.kinds ?? ALL_KINDS)}
                      and ${notTo(options.busyRecipients)}
                    order by priority, id limit 1 for update skip locked)
        returning id, kind, payload, attempts, priority`;
}

/**
 * Takes the most urgent due message (priority, then the oldest) for `leaseSeconds` from `now`.
 * SKIP LOCKED lets several workers, in this instance and others, claim side by side without
 * waiting for each other; the lease (locked_until) keeps a message another worker holds out of
 * reach until it is delivered, failed, or the lease lapses. The claim counts the attempt, and
 * that count identifies the claim when the outcome is written. It walks outbox_claim_idx in
 * its order, so it never sorts the queue.
 */
export async function claimNextMessage(
  db: Executor,
  options: ClaimOptions,
): Promise<ClaimedMessage | undefined> {
  const [row] = await queryRows<ClaimedMessage>(db, claimStatement(options));
  return row;
}

/**
 * When the next message of `kinds` becomes due after `now`: at its retry time, or when
 * another worker's lease lapses; `now` when one is due already; null when none waits.
 */
export async function nextDueAt(db: Executor, now: Date, kinds: OutboxKind[]) {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(greatest(coalesce(next_attempt_at, ${at(now)}), coalesce(locked_until, ${at(now)}))) as at
        from outbox where delivered_at is null and ${kindIn(kinds)}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Messages not delivered yet, for the backlog gauge of /metrics. */
export async function countPendingMessages(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from outbox where delivered_at is null`,
  );
  return Number(row?.count ?? 0);
}

/** The outcome is written only while the claim is still ours: a lapsed lease may have moved on. */
const sameClaim = (message: ClaimedMessage) =>
  and(eq(outbox.id, message.id), eq(outbox.attempts, message.attempts), isNull(outbox.deliveredAt));

/** Delivered at `now`; false when another worker holds the message since our lease lapsed. */
export async function recordDelivered(db: Executor, message: ClaimedMessage, now: Date) {
  const recorded = await db
    .update(outbox)
    .set({ deliveredAt: now, lockedUntil: null, lastError: null })
    .where(sameClaim(message))
    .returning({ id: outbox.id });
  return recorded.length > 0;
}

/** Failed: released, with its reason, for another attempt at `nextAttemptAt`. */
export async function recordFailed(
  db: Executor,
  message: ClaimedMessage,
  failure: { reason: string; nextAttemptAt: Date },
) {
  await db
    .update(outbox)
    .set({
      lockedUntil: null,
      lastError: failure.reason.slice(0, 500),
      nextAttemptAt: failure.nextAttemptAt,
    })
    .where(sameClaim(message));
}
