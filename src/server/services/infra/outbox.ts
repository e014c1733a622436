import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { outbox } from '../../db/schema';
import { describeMailError } from '../../mail/delivery-errors';
import type { MailPayload } from '../../mail/layout';

export type OutboxKind = 'quote' | 'contact' | 'mail';
const ALL_KINDS: OutboxKind[] = ['quote', 'contact', 'mail'];

/**
 * Forwards stored quote requests and contact messages to FORM_ENDPOINT
 * (docs/decisions/016-quotes-and-messages-stored-then-forwarded.md) and sends the 'mail' rows
 * over SMTP. A kind with nowhere to go (no FORM_ENDPOINT, no SMTP_URL) is never claimed: its
 * rows wait, untouched, instead of failing in a loop
 * (docs/decisions/041-mail-without-smtp.md).
 */
export type Outbox = {
  /** Queues a message inside the caller's transaction: it exists only if that commits. */
  enqueue(tx: Executor, kind: OutboxKind, payload: Record<string, unknown>): Promise<void>;
  /** Asks the worker to deliver now; call after the enqueuing transaction committed. */
  notify(): void;
  /** Delivers every message due now; returns how many were delivered. */
  deliverDue(): Promise<number>;
  start(): void;
  /** Stops the worker, aborting a delivery in flight (it is retried later, here or elsewhere). */
  stop(): Promise<void>;
};

export type OutboxLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A form service slower than this is failing. */
const REQUEST_TIMEOUT_MS = 10_000;
/** One mail: its quote's PDF, then an SMTP conversation (the mailer bounds each of its waits). */
const MAIL_TIMEOUT_MS = 30_000;
/**
 * How long a claimed message belongs to its worker. Longer than one delivery may take (see
 * attemptTimeoutMs), so a live worker always finishes inside its lease; a worker that died
 * holding it only delays that message by this much.
 */
export const LEASE_SECONDS = 60;

/**
 * The longest one delivery attempt may run before it is aborted: its own timeout, and never
 * more than half the lease. A delivery still running when the lease lapses is claimed again by
 * another instance and sent twice, so the request (or the SMTP connection) is cut while the
 * lease is still ours; the attempt then counts as failed and is retried. The other half is the
 * margin for what the deadline does not cover: the claim's round trip (the lease starts at the
 * database's now()), a late timer on a busy event loop, and writing the outcome.
 */
export const attemptTimeoutMs = (kind: OutboxKind, leaseSeconds: number) =>
  Math.min(kind === 'mail' ? MAIL_TIMEOUT_MS : REQUEST_TIMEOUT_MS, (leaseSeconds * 1_000) / 2);

/** 1 s, 2 s, 4 s ... capped at 30 s. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

export type ClaimedMessage = {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
};

/**
 * Takes the oldest due message for `leaseSeconds`. SKIP LOCKED lets several instances claim
 * side by side without waiting for each other; the lease (locked_until) keeps a message that
 * another worker holds out of reach until it is delivered, failed, or the lease lapses. The
 * claim counts the attempt, and that count identifies the claim when the outcome is written.
 */
export async function claimNextMessage(
  db: Executor,
  leaseSeconds = LEASE_SECONDS,
  kinds: OutboxKind[] = ALL_KINDS,
): Promise<ClaimedMessage | undefined> {
  const [row] = await queryRows<ClaimedMessage>(
    db,
    sql`update outbox
        set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
        where id = (select id from outbox
                    where delivered_at is null and next_attempt_at <= now()
                      and (locked_until is null or locked_until <= now())
                      and kind in (${sql.join(
                        kinds.map((kind) => sql`${kind}`),
                        sql`, `,
                      )})
                    order by id limit 1 for update skip locked)
        returning id, kind, payload, attempts`,
  );
  return row;
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

export function createOutbox(options: {
  db: Database;
  endpoint?: string;
  /**
   * Sends a 'mail' row; without it (no SMTP_URL) mails stay in the outbox. It must stop
   * sending when `signal` aborts (the attempt's deadline, or stop()).
   */
  sendMail?: (payload: MailPayload, signal: AbortSignal) => Promise<void>;
  log?: OutboxLog;
  leaseSeconds?: number;
}): Outbox {
  const { db, endpoint, sendMail, log } = options;
  const kinds: OutboxKind[] = [
    ...(endpoint ? (['quote', 'contact'] as const) : []),
    ...(sendMail ? (['mail'] as const) : []),
  ];
  const hasWork = kinds.length > 0;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;
  /** Aborted by stop(): ends the current run and its delivery in flight. */
  let runAbort = new AbortController();

  async function post(message: ClaimedMessage, signal: AbortSignal) {
    const response = await fetch(endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        // Delivery is at least once (a worker may die after the endpoint answered): a receiver
        // that cares can drop repeats by this key.
        'idempotency-key': `outbox-${message.id}`,
      },
      body: JSON.stringify(message.payload),
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // A form service may answer 200 with a list of errors: that is a failure too.
    try {
      const body = JSON.parse(text) as { errors?: unknown };
      if (Array.isArray(body.errors) ? body.errors.length > 0 : Boolean(body.errors)) {
        throw new Error(`Form service errors: ${text.slice(0, 200)}`);
      }
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }

  async function deliver(message: ClaimedMessage, runSignal: AbortSignal): Promise<boolean> {
    const deadline = AbortSignal.timeout(attemptTimeoutMs(message.kind, leaseSeconds));
    const signal = AbortSignal.any([deadline, runSignal]);
    try {
      if (message.kind === 'mail') await sendMail!(message.payload as MailPayload, signal);
      else await post(message, signal);
    } catch (error) {
      log?.warn(
        { err: error, outboxId: message.id, kind: message.kind, attempts: message.attempts },
        'outbox delivery failed',
      );
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          // A mail's error is shown to staff on 'Correos': in Spanish, saying what failed.
          lastError: (message.kind === 'mail'
            ? describeMailError(error)
            : String((error as Error).message ?? error)
          ).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(message.attempts)),
        })
        .where(sameClaim(message));
      return false;
    }
    const recorded = await db
      .update(outbox)
      .set({ deliveredAt: new Date(), lockedUntil: null, lastError: null })
      .where(sameClaim(message))
      .returning({ id: outbox.id });
    if (recorded.length === 0) {
      // Another worker claimed it after our lease lapsed (attemptTimeoutMs makes this rare):
      // the receiver got it from us and may get it again, which its idempotency key tells.
      log?.warn(
        { outboxId: message.id, attempts: message.attempts },
        'outbox message delivered after its lease lapsed; another worker holds it now',
      );
      return false;
    }
    log?.info({ outboxId: message.id, attempts: message.attempts }, 'outbox message delivered');
    return true;
  }

  async function deliverAll(signal: AbortSignal): Promise<number> {
    if (!hasWork) return 0;
    let delivered = 0;
    while (!signal.aborted) {
      const message = await claimNextMessage(db, leaseSeconds, kinds);
      if (!message) break;
      if (await deliver(message, signal)) delivered++;
    }
    return delivered;
  }

  async function scheduleNext() {
    if (isStopped || !hasWork) return;
    // The next message becomes due at its retry time, or when another worker's lease lapses.
    const [next] = await queryRows<{ at: Date | string | null }>(
      db,
      sql`select min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) as at
          from outbox where delivered_at is null and kind in (${kindList})`,
    );
    const waitMs = next?.at ? new Date(next.at).getTime() - Date.now() : MAX_RETRY_MS;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.min(Math.max(waitMs, 50), MAX_RETRY_MS));
  }

  function run(): Promise<number> {
    if (running) return running;
    runAbort = new AbortController();
    running = deliverAll(runAbort.signal)
      .catch((error) => {
        log?.error({ err: error }, 'outbox worker failed');
        return 0;
      })
      .finally(async () => {
        running = undefined;
        await scheduleNext().catch(() => {});
      });
    return running;
  }

  return {
    async enqueue(tx, kind, payload) {
      await tx.insert(outbox).values({ kind, payload });
    },
    notify() {
      if (!isStopped) void run();
    },
    deliverDue: () => run(),
    start() {
      if (!hasWork) return;
      isStopped = false;
      void run();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      runAbort.abort(new Error('outbox stopped'));
      await running;
    },
  };
}
