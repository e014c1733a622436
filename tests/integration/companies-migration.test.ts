// The companies migration: customers that saved a RUT become members of a company
// made from their data, the oldest one its administrator; their orders for that RUT become the
// company's; accounts older than e-mail verification count as verified. Migrates a database to
// just before the migration, writes rows the old way, then applies the rest.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { useDatabaseBeforeMigration } from '../support/migrations';

const openBeforeMigration = useDatabaseBeforeMigration('_accounts_companies');

it('makes companies of the RUTs customers saved, the oldest customer its administrator', async () => {
  const handle = await openBeforeMigration();
  const { db } = handle;
  await db.execute(sql`
    insert into users (id, email, password_hash) values
      (1, 'vieja@acme.uy', 'x'), (2, 'nueva@acme.uy', 'x'), (3, 'sola@persona.uy', 'x'),
      (4, 'sin-rut@empresa.uy', 'x'), (5, 'rut-malo@empresa.uy', 'x')`);
  // 1 and 2 saved the same RUT (written two ways); 1 is older. 4 has only a name, 5 garbage.
  await db.execute(sql`
    insert into customers (id, user_id, full_name, email, company_name, rut, created_at) values
      (1, 1, 'Vieja Cuenta', 'vieja@acme.uy', 'ACME S.A.', '211003420017', '2025-01-01'),
      (2, 2, 'Nueva Cuenta', 'nueva@acme.uy', 'Acme', '21-100342-001-7', '2025-06-01'),
      (3, 3, 'Sola Persona', 'sola@persona.uy', null, 'UY 219999990016', '2025-03-01'),
      (4, 4, 'Sin Rut', 'sin-rut@empresa.uy', 'Solo Nombre SRL', null, '2025-03-01'),
      (5, 5, 'Rut Malo', 'rut-malo@empresa.uy', 'Mala', 'no-es-rut', '2025-03-01')`);
  await db.execute(sql`
    insert into orders (id, customer_id, total_amount, contact_email, company_name, rut) values
      (1, 1, 10, 'vieja@acme.uy', 'ACME S.A.', '211003420017'),
      (2, 2, 20, 'nueva@acme.uy', 'Acme', '211003420017'),
      (3, 2, 30, 'nueva@acme.uy', 'Otra', '219999990016'),
      (4, 4, 40, 'sin-rut@empresa.uy', 'Solo Nombre SRL', null)`);

  await handle.migrate();

  expect(await queryRows(db, sql`select name, rut from companies order by rut`)).toEqual([
    { name: 'ACME S.A.', rut: '211003420017' },
    { name: 'Sola Persona', rut: '219999990016' },
  ]);
  expect(
    await queryRows(
      db,
      sql`select m.customer_id, c.rut, m.role from company_members m
          join companies c on c.id = m.company_id order by m.customer_id`,
    ),
  ).toEqual([
    { customer_id: 1, rut: '211003420017', role: 'admin' },
    { customer_id: 2, rut: '211003420017', role: 'member' },
    { customer_id: 3, rut: '219999990016', role: 'admin' },
  ]);
  // An order is the company's when it was quoted for the RUT of its customer's company.
  expect(
    await queryRows(
      db,
      sql`select o.id, c.rut from orders o left join companies c on c.id = o.company_id
          order by o.id`,
    ),
  ).toEqual([
    { id: 1, rut: '211003420017' },
    { id: 2, rut: '211003420017' },
    { id: 3, rut: null },
    { id: 4, rut: null },
  ]);
  const [unverified] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from users where email_verified_at is null`,
  );
  expect(unverified?.count).toBe(0);
});
