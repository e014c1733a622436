// Periodic upkeep, started by main.ts beside the outbox. Each job is safe to run on several
// instances at once, and a run never overlaps the previous one of the same process.
import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSessions } from './auth/session';
import { backupIfDue } from './ops/backup';
import { releaseExpiredHolds } from './services/quote-holds';
import type { AppDeps } from './deps';

const MINUTE_MS = 60_000;
const HOLD_RELEASE_EVERY_MS = 10 * MINUTE_MS;
const SESSION_CLEANUP_EVERY_MS = 60 * MINUTE_MS;
/** How often the backup job looks whether one is due (BACKUP_EVERY_HOURS). */
const BACKUP_CHECK_EVERY_MS = 10 * MINUTE_MS;

export type Job = { name: string; everyMs: number; run(): Promise<void> };
type JobLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** The jobs this configuration runs (tests run one by hand, moving the clock). */
export function backgroundJobs(deps: AppDeps, log: JobLog): Job[] {
  const jobs: Job[] = [
    {
      name: 'quote hold release',
      everyMs: HOLD_RELEASE_EVERY_MS,
      async run() {
        const released = await releaseExpiredHolds(deps.db, {
          holdDays: deps.config.QUOTE_HOLD_DAYS,
        });
        if (released.length === 0) return;
        await deps.catalogChanged();
        log.info({ orders: released }, 'expired quote holds released');
      },
    },
    {
      name: 'session cleanup',
      everyMs: SESSION_CLEANUP_EVERY_MS,
      async run() {
        const deleted = await deleteExpiredSessions(deps.db);
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
