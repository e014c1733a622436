// A cheap summary of everything a request could write, to prove a refused one wrote nothing.
import { sql } from 'drizzle-orm';
import { type Database } from '@server/db/client';
import { queryRows } from '@server/db/queries';

/**
 * Every table a procedure or upload route writes, sessions aside (a read may extend one).
 * A test database is small: hashing whole rows costs a few milliseconds and also catches an
 * update in place, which counts and maximum ids would not.
 */
const TABLES = [
  'users',
  'user_roles',
  'customers',
  'addresses',
  'brands',
  'categories',
  'products',
  'variants',
  'orders',
  'order_items',
  'order_status_history',
  'posts',
  'contact_messages',
  'quote_requests',
  'newsletter_subscriptions',
  'outbox',
] as const;

export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (table) =>
      sql`(select count(*) || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '')
           from ${sql.identifier(table)} t) as ${sql.identifier(table)}`,
  );
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  return row!;
}
