import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { queryRows } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxKind = 'quote' | 'contact';

/**
 * Forwards stored quote requests and contact messages to FORM_ENDPOINT
 * (docs/decisions/016-quotes-and-messages-stored-then-forwarded.md).
 */
export type Outbox = {
  /** Queues a message inside the caller's transaction: it exists only if that commits. */
  enqueue(tx: Executor, kind: OutboxKind, payload: Record<string, unknown>): Promise<void>;
  /** Asks the worker to deliver now; call after the enqueuing transaction committed. */
  notify(): void;
  /** Delivers every message due now; returns how many were delivered. */
  deliverDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const LEASE_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 10_000;

/** 1 s, 2 s, 4 s ... capped at 30 s. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

type DueRow = { id: number; payload: Record<string, unknown>; attempts: number };

export function createOutbox(options: {
  db: Database;
  endpoint?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Outbox {
  const { db, endpoint, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;

  async function post(payload: Record<string, unknown>) {
    const response = await fetch(endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
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

  async function deliverBatch(): Promise<number> {
    if (!endpoint) return 0;
    let delivered = 0;
    for (;;) {
      // Lease the due rows so another instance (or a slow request) never sends them twice.
      const due = await queryRows<DueRow>(
        db,
        sql`update outbox set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
            where id in (select id from outbox where delivered_at is null and next_attempt_at <= now()
                         order by id limit 20 for update skip locked)
            returning id, payload, attempts`,
      );
      if (due.length === 0) return delivered;
      for (const row of due) {
        try {
          await post(row.payload);
          await db
            .update(outbox)
            .set({ deliveredAt: new Date(), attempts: row.attempts + 1, lastError: null })
            .where(eq(outbox.id, row.id));
          delivered++;
        } catch (error) {
          const attempts = row.attempts + 1;
          log?.warn({ err: error, outboxId: row.id, attempts }, 'form endpoint delivery failed');
          await db
            .update(outbox)
            .set({
              attempts,
              lastError: String((error as Error).message ?? error).slice(0, 500),
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
            })
            .where(eq(outbox.id, row.id));
        }
      }
    }
  }

  async function scheduleNext() {
    if (isStopped || !endpoint) return;
    const [next] = await queryRows<{ at: Date | string | null }>(
      db,
      sql`select min(next_attempt_at) as at from outbox where delivered_at is null`,
    );
    const waitMs = next?.at ? new Date(next.at).getTime() - Date.now() : MAX_RETRY_MS;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.min(Math.max(waitMs, 50), MAX_RETRY_MS));
  }

  function run(): Promise<number> {
    if (running) return running;
    running = deliverBatch()
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
      if (!endpoint) return;
      isStopped = false;
      void run();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
