// Periodic upkeep, started by main.ts beside the outbox. Each job is safe to run on several
// instances at once, and a run never overlaps the previous one of the same process. 'Now' is
// deps.clock's, so tests run a job after moving the clock. A mail a job queues reaches the
// outbox worker when its transaction commits (db/outbox-queue.ts): no job wakes it by hand.
import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSessions } from './auth/session';
import { staffEmailOf } from './config';
import { backupIfDue } from './ops/backup';
import { BcuUnavailableError } from './services/collections/bcu-client';
import { refreshBcuRate } from './services/collections/exchange-rates';
import { sendPaymentReminders } from './services/collections/reminders';
import { foldOrderDayChanges } from './services/dashboard/order-days';
import { createCfeWorker } from './services/invoicing/cfe-worker';
import { refreshDashboardSnapshots, SNAPSHOT_EVERY_MS } from './services/dashboard/snapshots';
import { mailDueStaffMessages } from './services/orders/message-mails';
import { expireQuotes, sendExpiryReminders } from './services/orders/quote-expiry';
import { releaseExpiredHolds, warnExpiringHolds } from './services/orders/quote-holds';
import type { AppDeps } from './app-deps';

const MINUTE_MS = 60_000;
const QUOTE_DEADLINES_EVERY_MS = 10 * MINUTE_MS;
const MESSAGE_MAILS_EVERY_MS = MINUTE_MS;
const SESSION_CLEANUP_EVERY_MS = 60 * MINUTE_MS;
/** Looks whether today has its dollar rate; asks the BCU only while it has none. */
const EXCHANGE_RATE_EVERY_MS = 15 * MINUTE_MS;
/** How often the backup job looks whether one is due (BACKUP_EVERY_HOURS). */
const BACKUP_CHECK_EVERY_MS = 10 * MINUTE_MS;
/** How often the CFE worker looks for documents to send or to ask DGI about. */
const CFE_DOCUMENTS_EVERY_MS = 5_000;

type JobLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * The deadlines of quotes: staff warned before an unanswered request is cancelled, the
 * cancellation itself, the customer's reminder before a sent quote expires, and its expiry.
 */
export async function runQuoteDeadlines(deps: AppDeps, log?: JobLog) {
  const now = deps.clock.now();
  const store = await deps.storeIdentity();
  const holdDays = deps.config.QUOTE_HOLD_DAYS;
  const warned = await warnExpiringHolds(deps.db, {
    holdDays,
    now,
    store,
    staffEmail: staffEmailOf(deps.config),
  });
  const released = await releaseExpiredHolds(deps.db, { holdDays, now, store });
  const reminded = await sendExpiryReminders(deps.db, { now, store });
  const expired = await expireQuotes(deps.db, { now, store });
  // Released holds and expired quotes gave stock back: the shop shows other numbers.
  if (released.length > 0 || expired.length > 0) await deps.catalogChanged();
  if (warned.length + released.length + reminded.length + expired.length > 0) {
    log?.info({ warned, released, reminded, expired }, 'quote deadlines handled');
  }
  return { warned, released, reminded, expired };
}

/** The staff messages held back to be gathered, one mail per order whose time has come. */
export async function runMessageMails(deps: AppDeps, log?: JobLog) {
  const mailed = await mailDueStaffMessages(deps.db, {
    now: deps.clock.now(),
    store: await deps.storeIdentity(),
  });
  if (mailed.length > 0) log?.info({ orders: mailed }, 'staff messages mailed');
  return mailed;
}

/**
 * The dashboard home's stored figures: the orders' day changes folded into their days, and the
 * snapshots of the median answer and the most requested products refreshed
 * (docs/decisions/068-dashboard-rollups.md).
 */
export async function runDashboardFigures(deps: AppDeps, log?: JobLog) {
  const days = await foldOrderDayChanges(deps.db);
  const refreshed = await refreshDashboardSnapshots(deps.db, deps.clock.now());
  if (refreshed.length > 0) log?.info({ days, refreshed }, 'dashboard figures refreshed');
  return { days, refreshed };
}

/**
 * Today's dollar rate from the BCU (docs/decisions/085-the-bcu-rate.md). A service that cannot be
 * reached is logged and answered false: the store keeps the last rate, marked out of date, and
 * the next run asks again.
 */
export async function runExchangeRate(deps: AppDeps, log?: JobLog) {
  try {
    const taken = await refreshBcuRate(deps.db, {
      url: deps.config.BCU_RATES_URL,
      now: deps.clock.now(),
    });
    if (taken) log?.info(taken, 'exchange rate taken from the BCU');
    return true;
  } catch (error) {
    if (!(error instanceof BcuUnavailableError)) throw error;
    log?.error({ err: error }, 'BCU exchange rate unavailable: the last rate stays in use');
    return false;
  }
}

/** Payment reminders before, on and after each due day (services/collections/reminders.ts). */
export async function runPaymentReminders(deps: AppDeps, log?: JobLog) {
  const sent = await sendPaymentReminders(deps.db, {
    now: deps.clock.now(),
    store: await deps.storeIdentity(),
  });
  if (sent.length > 0) log?.info({ sent }, 'payment reminders sent');
  return sent;
}

export type Job = { name: string; everyMs: number; run(): Promise<void> };

/** The jobs this configuration runs (tests run one by hand, moving the clock). */
export function backgroundJobs(deps: AppDeps, log: JobLog): Job[] {
  const jobs: Job[] = [
    {
      name: 'quote deadlines',
      everyMs: QUOTE_DEADLINES_EVERY_MS,
      run: async () => void (await runQuoteDeadlines(deps, log)),
    },
    {
      name: 'staff message mails',
      everyMs: MESSAGE_MAILS_EVERY_MS,
      run: async () => void (await runMessageMails(deps, log)),
    },
    {
      name: 'dashboard figures',
      everyMs: SNAPSHOT_EVERY_MS,
      run: async () => void (await runDashboardFigures(deps, log)),
    },
    {
      name: 'payment reminders',
      everyMs: QUOTE_DEADLINES_EVERY_MS,
      run: async () => void (await runPaymentReminders(deps, log)),
    },
    {
      name: 'exchange rate',
      everyMs: EXCHANGE_RATE_EVERY_MS,
      run: async () => void (await runExchangeRate(deps, log)),
    },
    {
      // Fiscal documents: sent to the provider, DGI's answers asked for
      // (docs/decisions/087-cfe-documents-as-jobs.md).
      name: 'cfe documents',
      everyMs: CFE_DOCUMENTS_EVERY_MS,
      run: async () => void (await createCfeWorker(deps, log).runDue()),
    },
    {
      name: 'session cleanup',
      everyMs: SESSION_CLEANUP_EVERY_MS,
      async run() {
        const deleted = await deleteExpiredSessions(deps.db, deps.clock.now());
        if (deleted > 0) log.info({ deleted }, 'expired sessions deleted');
      },
    },
  ];
  const backupEveryHours = deps.config.BACKUP_EVERY_HOURS;
  if (backupEveryHours) {
    // The same backup as `npm run backup`, taken by the process that holds PGlite open
    // (ops/backup.ts); it looks often and backs up when the newest file is old enough.
    jobs.push({
      name: 'backup',
      everyMs: Math.min(BACKUP_CHECK_EVERY_MS, backupEveryHours * 60 * MINUTE_MS),
      async run() {
        const backup = await backupIfDue(deps);
        if (backup) log.info({ file: backup.file, pruned: backup.pruned }, 'backup written');
      },
    });
  }
  return jobs;
}

export function startBackgroundJobs(deps: AppDeps, log: JobLog) {
  const jobs = backgroundJobs(deps, log);

  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let current: Promise<void> | undefined;
    const tick = () => {
      if (current) return;
      current = job
        .run()
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running.delete(current!);
          current = undefined;
        });
      running.add(current);
    };
    // A first run soon after start-up, then on the interval; neither keeps the process alive.
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return [first, every] as const;
  });

  return {
    /** Stops the timers and waits for the runs under way. */
    async stop() {
      for (const [first, every] of timers) {
        clearTimeout(first);
        clearInterval(every);
      }
      await Promise.all(running);
    },
  };
}
