// The CPU the database's own backends have used, read from /proc: on a machine shared with
// other jobs, CPU per request holds steady where requests/s does not.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds the backends connected to `db`'s database have used, or undefined when they
 * cannot be read (the server on another machine, or PGlite, which runs in this process).
 */
export async function backendCpuSeconds(db: Database): Promise<number | undefined> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return ticks / TICKS_PER_SECOND;
}
