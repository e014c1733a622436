import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

/**
 * Runs `run` while every insert into `table` fails with "{table} are read-only today", as a
 * full disk or a broken constraint would; the table takes inserts again afterwards.
 */
export async function whileInsertsFail(db: Database, table: string, run: () => Promise<void>) {
  const trigger = sql.identifier(`fail_${table}_insert`);
  await db.execute(sql`
    create or replace function ${trigger}() returns trigger language plpgsql as $$
    begin raise exception '${sql.raw(table)} are read-only today'; end $$`);
  await db.execute(sql`
    create trigger ${trigger} before insert on ${sql.identifier(table)}
    for each row execute function ${trigger}()`);
  try {
    await run();
  } finally {
    await db.execute(sql`drop trigger ${trigger} on ${sql.identifier(table)}`);
  }
}
