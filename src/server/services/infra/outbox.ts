import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { listenOnChannel, type Unlisten } from '../../db/listen';
import {
  enqueueMessage,
  OUTBOX_CHANNEL,
  OUTBOX_PRIORITY,
  type OutboxKind,
} from '../../db/outbox-queue';
import { describeMailError } from '../../mail/delivery-errors';
import type { MailPayload } from '../../mail/layout';
import {
  type ClaimedMessage,
  claimNextMessage,
  LEASE_SECONDS,
  nextDueAt,
  recordDelivered,
  recordFailed,
} from './outbox-claims';

export type { OutboxKind } from '../../db/outbox-queue';
export {
  claimNextMessage,
  countPendingMessages,
  LEASE_SECONDS,
  type ClaimedMessage,
} from './outbox-claims';

/**
 * Forwards stored quote requests and contact messages to FORM_ENDPOINT
 * (docs/decisions/016-quotes-and-messages-stored-then-forwarded.md) and sends the 'mail' rows
 * over SMTP. A kind with nowhere to go (no FORM_ENDPOINT, no SMTP_URL) is never claimed: its
 * rows wait, untouched, instead of failing in a loop (docs/decisions/041-mail-without-smtp.md).
 * Several deliveries run at once, the most urgent first, and a committed enqueue wakes the
 * worker of every instance through the database (docs/decisions/075-outbox-fast-and-in-order.md).
 */
export type Outbox = {
  /**
   * Queues a request for FORM_ENDPOINT inside the caller's transaction: it exists, and wakes
   * the workers, only if that commits. Mails go through queueMail (mail/order-mails.ts).
   */
  enqueue(tx: Executor, kind: 'quote' | 'contact', payload: Record<string, unknown>): Promise<void>;
  /** Delivers every message due now, several at once; resolves with how many were delivered. */
  deliverDue(): Promise<number>;
  /** Listens for new messages and delivers them; resolves once listening. */
  start(): Promise<void>;
  /** Stops the worker, aborting the deliveries in flight (retried later, here or elsewhere). */
  stop(): Promise<void>;
};

export type OutboxLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Sends a mail and stops when `signal` aborts; `close` ends its connections (mail/mailer.ts). */
export type OutboxMailSender = ((payload: MailPayload, signal: AbortSignal) => Promise<void>) & {
  close?: () => void;
};

/** Deliveries in flight at once when the caller does not say (SMTP_CONNECTIONS). */
const DEFAULT_CONCURRENCY = 5;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A form service slower than this is failing. */
const REQUEST_TIMEOUT_MS = 10_000;
/** One mail: its quote's PDF, then an SMTP conversation (the mailer bounds each of its waits). */
const MAIL_TIMEOUT_MS = 30_000;

/**
 * The longest one delivery attempt may run before it is aborted: its own timeout, and never
 * more than half the lease. A delivery still running when the lease lapses is claimed again by
 * another instance and sent twice, so the request (or the SMTP connection) is cut while the
 * lease is still ours; the attempt then counts as failed and is retried. The other half is the
 * margin for what the deadline does not cover: the claim's round trip, a late timer on a busy
 * event loop, writing the outcome, and the clocks of two instances disagreeing a little.
 */
export const attemptTimeoutMs = (kind: OutboxKind, leaseSeconds: number) =>
  Math.min(kind === 'mail' ? MAIL_TIMEOUT_MS : REQUEST_TIMEOUT_MS, (leaseSeconds * 1_000) / 2);

/** 1 s, 2 s, 4 s ... capped at 30 s. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

/** Deliveries under way: from the first lane started until the last one found nothing to do. */
type Pass = { delivered: number; signal: AbortSignal; done: Promise<number>; end(): void };

export function createOutbox(options: {
  db: Database;
  /** Every instant of the outbox: claims, leases, retries, deliveries. */
  clock: Clock;
  endpoint?: string;
  /** Sends a 'mail' row; without it (no SMTP_URL) mails stay in the outbox. */
  sendMail?: OutboxMailSender;
  log?: OutboxLog;
  leaseSeconds?: number;
  /** Deliveries in flight at once; the mailer keeps as many SMTP connections. */
  concurrency?: number;
}): Outbox {
  const { db, clock, endpoint, sendMail, log } = options;
  const kinds: OutboxKind[] = [
    ...(endpoint ? (['quote', 'contact'] as const) : []),
    ...(sendMail ? (['mail'] as const) : []),
  ];
  const hasWork = kinds.length > 0;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = true;
  let unlisten: Unlisten | undefined;
  /** Aborted by stop(): ends the pass under way and its deliveries in flight. */
  let abort = new AbortController();
  let pass: Pass | undefined;
  let lanes = 0;
  /** Counts wake-ups, so a lane that found nothing sees one that came while it looked. */
  let wakes = 0;

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

  async function deliver(message: ClaimedMessage, passSignal: AbortSignal): Promise<boolean> {
    const deadline = AbortSignal.timeout(attemptTimeoutMs(message.kind, leaseSeconds));
    const signal = AbortSignal.any([deadline, passSignal]);
    try {
      if (message.kind === 'mail') await sendMail!(message.payload as MailPayload, signal);
      else await post(message, signal);
    } catch (error) {
      log?.warn(
        { err: error, outboxId: message.id, kind: message.kind, attempts: message.attempts },
        'outbox delivery failed',
      );
      await recordFailed(db, message, {
        // A mail's error is shown to staff on 'Correos': in Spanish, saying what failed.
        reason:
          message.kind === 'mail'
            ? describeMailError(error)
            : String((error as Error).message ?? error),
        nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(message.attempts)),
      });
      return false;
    }
    if (!(await recordDelivered(db, message, clock.now()))) {
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

  /**
   * A customer's mails leave in the order they were queued, one at a time: a second 'Reenviar'
   * must not overtake the first, or the newest mail in the inbox would carry the link the
   * other one replaced, and a second dispatch's mail must not arrive before the first's
   * (docs/decisions/075-outbox-fast-and-in-order.md). The lanes claim one after another, so
   * each claim knows every address the others are sending to. Staff notices never wait.
   */
  const busyRecipients = new Set<string>();
  let claimTurn: Promise<unknown> = Promise.resolve();
  const recipientOf = (message: ClaimedMessage) =>
    message.kind === 'mail' && message.priority !== OUTBOX_PRIORITY.staff
      ? String(message.payload.to)
      : undefined;
  function claimInTurn() {
    const claimed = claimTurn.then(async () => {
      const message = await claimNextMessage(db, {
        now: clock.now(),
        leaseSeconds,
        kinds,
        busyRecipients: [...busyRecipients],
      });
      const recipient = message && recipientOf(message);
      if (recipient) busyRecipients.add(recipient);
      return message;
    });
    claimTurn = claimed.catch(() => {});
    return claimed;
  }

  /** Claims and delivers one message after another until none is due. */
  async function lane(current: Pass) {
    try {
      while (!current.signal.aborted) {
        const wakesBefore = wakes;
        const message = await claimInTurn();
        if (!message) {
          // Nothing due when we looked; a wake-up meanwhile may have brought something.
          if (wakes !== wakesBefore) continue;
          break;
        }
        const recipient = recipientOf(message);
        try {
          if (await deliver(message, current.signal)) current.delivered++;
        } finally {
          if (recipient) busyRecipients.delete(recipient);
        }
      }
    } catch (error) {
      log?.error({ err: error }, 'outbox worker failed');
    } finally {
      lanes--;
      if (lanes === 0) {
        pass = undefined;
        current.end();
        void scheduleNext();
      }
    }
  }

  /**
   * Starts lanes up to `concurrency`; lanes already busy take the new message when their
   * delivery ends. Resolves with what the pass delivered once every lane has stopped.
   */
  function wake(): Promise<number> {
    if (!hasWork) return Promise.resolve(0);
    wakes++;
    if (!pass) {
      if (abort.signal.aborted) abort = new AbortController();
      let end = () => {};
      const done = new Promise<number>((resolve) => (end = () => resolve(started.delivered)));
      const started: Pass = { delivered: 0, signal: abort.signal, done, end };
      pass = started;
    }
    const current = pass;
    while (lanes < concurrency) {
      lanes++;
      void lane(current);
    }
    return current.done;
  }

  /** A safety net beside the notifications: the next retry, a lapsed lease, a lost LISTEN. */
  async function scheduleNext() {
    if (isStopped) return;
    clearTimeout(timer);
    let waitMs = MAX_RETRY_MS;
    try {
      const now = clock.now();
      const next = await nextDueAt(db, now, kinds);
      if (next) waitMs = next.getTime() - now.getTime();
    } catch (error) {
      log?.error({ err: error }, 'outbox could not read its next due time');
    }
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        if (!unlisten) void listen();
        void wake();
      },
      Math.min(Math.max(waitMs, 50), MAX_RETRY_MS),
    );
  }

  /** Every committed enqueue, in any instance, wakes this worker (db/outbox-queue.ts). */
  async function listen() {
    try {
      // onListen runs again after postgres-js lost and regained the connection: whatever was
      // queued meanwhile is picked up there.
      const listening = await listenOnChannel(
        db,
        OUTBOX_CHANNEL,
        () => void wake(),
        () => void wake(),
      );
      if (isStopped) await listening();
      else unlisten = listening;
    } catch (error) {
      // The timer of scheduleNext keeps delivering, and tries again.
      log?.error({ err: error }, 'outbox could not listen for new messages');
    }
  }

  return {
    async enqueue(tx, kind, payload) {
      await enqueueMessage(tx, { kind, payload, priority: OUTBOX_PRIORITY.staff });
    },
    deliverDue: () => wake(),
    async start() {
      if (!hasWork || !isStopped) return;
      isStopped = false;
      await listen();
      void wake();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      abort.abort(new Error('outbox stopped'));
      const listening = unlisten;
      unlisten = undefined;
      await listening?.().catch(() => {});
      await pass?.done;
      // Its SMTP connections end; a later mail (a test's next deliverDue) opens new ones.
      sendMail?.close?.();
    },
  };
}
