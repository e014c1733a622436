// The migration that gives each revision its issuer copies the store's data onto the revisions
// already sent, so their PDF keeps printing what it printed (docs/decisions/077-what-a-quote-prints.md).
// Migrates a database to just before it, writes revisions the old way, then applies the rest.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { useDatabaseBeforeMigration } from '../support/migrations';

const openBeforeMigration = useDatabaseBeforeMigration('_quote_seller');

it("copies the store's data onto every revision sent before, as the PDF printed it", async () => {
  const handle = await openBeforeMigration();
  const { db } = handle;
  await db.execute(sql`
    insert into users (id, email, password_hash) values (1, 'staff@tienda.uy', 'x'),
                                                        (2, 'cliente@empresa.uy', 'x')`);
  await db.execute(sql`
    insert into customers (id, user_id, full_name, email)
    values (1, 2, 'Cliente', 'cliente@empresa.uy')`);
  await db.execute(sql`
    insert into orders (id, customer_id, total_amount, contact_email)
    select i, 1, 10, 'cliente@empresa.uy' from generate_series(1, 2) i`);
  await db.execute(sql`
    insert into quote_revisions (order_id, number, valid_until, subtotal, tax, total, created_by)
    values (1, 1, '2026-01-15', 10, 2.2, 12.2, 1), (1, 2, '2026-01-20', 10, 2.2, 12.2, 1),
           (2, 1, '2026-01-15', 10, 2.2, 12.2, 1)`);
  await db.execute(sql`
    insert into store_profile (id, legal_name, rut, address, phone, email)
    values (1, 'Tienda Informática S.A.', '211003420017', 'Av. Italia 2345', '2600 7788',
            'ventas@tienda.uy')`);

  await handle.migrate();

  const rows = await queryRows<{ seller: unknown }>(
    db,
    sql`select seller from quote_revisions order by order_id, number`,
  );
  expect(rows.map((row) => row.seller)).toEqual(
    Array(3).fill({
      legalName: 'Tienda Informática S.A.',
      rut: '211003420017',
      address: 'Av. Italia 2345',
      phone: '2600 7788',
      email: 'ventas@tienda.uy',
    }),
  );
});
