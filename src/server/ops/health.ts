import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationsFolder } from '../db/client';
import { pgErrorCode } from '../db/errors';
import { queryRows } from '../db/queries';

type Readiness = { isReady: true } | { isReady: false; reason: string; pending?: number };

/** The database must answer within this time for the instance to take traffic. */
const CHECK_TIMEOUT_MS = 3_000;
const PG_UNDEFINED_TABLE = '42P01';
const PG_UNDEFINED_SCHEMA = '3F000';

/** Creation times of the migrations this build ships (drizzle's journal). */
function journalTimes(): number[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

/**
 * Reachable, and every migration of this build applied. drizzle's migrator records each
 * applied migration's journal time in drizzle.__drizzle_migrations and applies those newer
 * than the latest recorded, so the same comparison tells what it would still apply.
 */
async function checkReadiness(db: Database, expected: number[]): Promise<Readiness> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { isReady: false, reason: 'database unreachable' };
  }
  let latest = 0;
  try {
    const [row] = await queryRows<{ latest: string | null }>(
      db,
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    latest = Number(row?.latest ?? 0);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code !== PG_UNDEFINED_TABLE && code !== PG_UNDEFINED_SCHEMA) {
      return { isReady: false, reason: 'database unreachable' };
    }
  }
  const pending = expected.filter((when) => when > latest).length;
  return pending === 0
    ? { isReady: true }
    : { isReady: false, reason: 'migrations pending', pending };
}

const timeout = (ms: number) =>
  new Promise<Readiness>((resolve) => {
    setTimeout(() => resolve({ isReady: false, reason: 'database unreachable' }), ms).unref();
  });

/**
 * /healthz: the process answers (liveness; a failing database is no reason to restart it).
 * /readyz: it can serve (the load balancer's check), 503 with the reason otherwise.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  const expected = journalTimes();

  app.get('/healthz', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', async (_request, reply) => {
    const readiness = await Promise.race([checkReadiness(db, expected), timeout(CHECK_TIMEOUT_MS)]);
    reply.header('cache-control', 'no-store');
    if (readiness.isReady) return reply.send({ status: 'ready' });
    const { isReady: _, ...why } = readiness;
    return reply.code(503).send({ status: 'not ready', ...why });
  });
}
