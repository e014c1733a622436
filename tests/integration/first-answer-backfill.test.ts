// Migration 0012 stores each order's first staff answer; the orders answered before it must get
// theirs from the rows already there. Migrates a database to 0011, writes answers the old way,
// then applies the rest and reads the column.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { useDatabaseBeforeMigration } from '../support/migrations';

const openBeforeMigration = useDatabaseBeforeMigration('0012_order_first_answer');

it('fills first_answered_at for the orders answered before migration 0012', async () => {
  const handle = await openBeforeMigration();
  const { db } = handle;
  await db.execute(sql`
    insert into users (id, email, password_hash) values (1, 'staff@tienda.uy', 'x'),
                                                        (2, 'cliente@empresa.uy', 'x')`);
  await db.execute(sql`
    insert into customers (id, user_id, full_name, email)
    values (1, 2, 'Cliente', 'cliente@empresa.uy')`);
  // 1 answered by a status change, then a message; 2 by a revision; 3 only by its customer;
  // 4 only by the store itself (a system cancellation is no answer).
  await db.execute(sql`
    insert into orders (id, customer_id, total_amount, contact_email, created_at)
    select i, 1, 10, 'cliente@empresa.uy', '2026-01-01T12:00:00Z' from generate_series(1, 4) i`);
  await db.execute(sql`
    insert into order_status_history (order_id, from_status, to_status, changed_by, actor, changed_at)
    values (1, null, 'Cotización', 2, 'user', '2026-01-01T12:00:00Z'),
           (1, 'Cotización', 'Modificado', 1, 'user', '2026-01-01T15:00:00Z'),
           (4, 'Cotización', 'Cancelado', null, 'system', '2026-01-02T12:00:00Z')`);
  await db.execute(sql`
    insert into order_messages (order_id, author_id, author_role, body, created_at)
    values (1, 1, 'admin', 'Hola', '2026-01-01T18:00:00Z'),
           (3, 2, 'customer', 'Hola', '2026-01-01T13:00:00Z')`);
  await db.execute(sql`
    insert into quote_revisions (order_id, number, valid_until, subtotal, tax, total,
                                 created_by, created_at)
    values (2, 1, '2026-01-15', 10, 0, 10, 1, '2026-01-01T14:00:00Z')`);

  await handle.migrate();

  const rows = await queryRows<{ id: number; answered: string | null }>(
    db,
    sql`select id, to_char(first_answered_at at time zone 'UTC', 'HH24:MI') as answered
        from orders order by id`,
  );
  expect(rows).toEqual([
    { id: 1, answered: '15:00' },
    { id: 2, answered: '14:00' },
    { id: 3, answered: null },
    { id: 4, answered: null },
  ]);
});
