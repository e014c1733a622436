// /dashboard/clientes: customers and companies with what they bought, searched by name,
// e-mail, razón social or RUT (accents and case aside, pg_trgm indexes), paginated here.
import { type SQL, sql } from 'drizzle-orm';
import { STAFF_CUSTOMERS_PAGE_SIZE } from '@shared/schemas/customers';
import type { StaffCustomersFilter } from '@shared/schemas/customers';
import { toPage } from '@shared/page';
import { CONCLUDED_STATUS } from '@shared/order-status';
import { compactRut } from '@shared/rut';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { containsPattern } from '../catalog/catalog-search';

/** Accepted orders are the ones the store sold: their amounts make the accepted total. */
const ACCEPTED = CONCLUDED_STATUS;

/** A term that is a RUT as people type it ('21-100342-001-7'): searched as its digits too. */
function rutDigits(term: string): string | undefined {
  const digits = compactRut(term);
  return /^\d{3,12}$/.test(digits) ? digits : undefined;
}

/** Customers `c` (joined to their company `co`) matching the term; staff accounts never. */
function customersWhere(filter: StaffCustomersFilter): SQL {
  const conditions = [
    sql`not exists (select 1 from user_roles r where r.user_id = c.user_id and r.role = 'admin')`,
  ];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const digits = rutDigits(filter.search);
    conditions.push(
      sql`(c.search_text like ${pattern} or co.search_text like ${pattern}
           ${digits ? sql`or co.rut like ${`%${digits}%`}` : sql``})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

export type StaffCustomerRow = {
  id: number;
  fullName: string;
  email: string;
  isDeleted: boolean;
  companyId: number | null;
  companyName: string | null;
  rut: string | null;
  role: 'admin' | 'member' | null;
  quotes: number;
  acceptedTotal: string;
  lastActivity: Date;
};

const customerRowSelect = sql`
  select c.id, c.full_name as "fullName", c.email, c.user_id is null as "isDeleted",
         co.id as "companyId", co.name as "companyName", co.rut, m.role,
         coalesce(o.quotes, 0)::int as quotes, coalesce(o.accepted, 0)::text as "acceptedTotal",
         greatest(c.created_at, o.last_order, msg.last_message) as "lastActivity"
  from customers c
  left join company_members m on m.customer_id = c.id
  left join companies co on co.id = m.company_id
  left join lateral (
    select count(*) as quotes, sum(total_amount) filter (where status = ${ACCEPTED}) as accepted,
           max(created_at) as last_order
    from orders where customer_id = c.id) o on true
  left join lateral (
    select max(created_at) as last_message from order_messages
    where author_id = c.user_id and author_role = 'customer') msg on true`;

/** The postgres-js driver answers timestamps of raw queries as strings: one type for both. */
const withDates = <T extends { lastActivity: Date | string }>(rows: T[]) =>
  rows.map((row) => ({ ...row, lastActivity: new Date(row.lastActivity) }));

export async function listStaffCustomers(
  db: Executor,
  input: StaffCustomersFilter & { page: number },
) {
  const where = customersWhere(input);
  const [rows, [count]] = await Promise.all([
    queryRows<StaffCustomerRow>(
      db,
      sql`${customerRowSelect} where ${where}
          order by "lastActivity" desc, c.id desc
          limit ${STAFF_CUSTOMERS_PAGE_SIZE} offset ${(input.page - 1) * STAFF_CUSTOMERS_PAGE_SIZE}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from customers c
          left join company_members m on m.customer_id = c.id
          left join companies co on co.id = m.company_id
          where ${where}`,
    ),
  ]);
  return toPage(withDates(rows), count?.total ?? 0, input.page, STAFF_CUSTOMERS_PAGE_SIZE);
}

/** Every matching customer for the CSV, in id order, a batch at a time. */
export async function* staffCustomerBatches(db: Executor, filter: StaffCustomersFilter) {
  const BATCH = 500;
  let after = 0;
  for (;;) {
    const rows = withDates(
      await queryRows<StaffCustomerRow>(
        db,
        sql`${customerRowSelect} where ${customersWhere(filter)} and c.id > ${after}
            order by c.id limit ${BATCH}`,
      ),
    );
    yield rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export type StaffCompanyRow = {
  id: number;
  name: string;
  rut: string;
  members: number;
  quotes: number;
  acceptedTotal: string;
  lastActivity: Date;
};

export async function listStaffCompanies(
  db: Executor,
  input: StaffCustomersFilter & { page: number },
) {
  const conditions: SQL[] = [sql`true`];
  if (input.search) {
    const digits = rutDigits(input.search);
    conditions.push(
      sql`(co.search_text like ${containsPattern(input.search)}
           ${digits ? sql`or co.rut like ${`%${digits}%`}` : sql``})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, [count]] = await Promise.all([
    queryRows<StaffCompanyRow>(
      db,
      sql`select co.id, co.name, co.rut,
                 (select count(*)::int from company_members m where m.company_id = co.id) as members,
                 coalesce(o.quotes, 0)::int as quotes, coalesce(o.accepted, 0)::text as "acceptedTotal",
                 greatest(co.created_at, o.last_order) as "lastActivity"
          from companies co
          left join lateral (
            select count(*) as quotes,
                   sum(total_amount) filter (where status = ${ACCEPTED}) as accepted,
                   max(created_at) as last_order
            from orders where company_id = co.id) o on true
          where ${where}
          order by "lastActivity" desc, co.id desc
          limit ${STAFF_CUSTOMERS_PAGE_SIZE} offset ${(input.page - 1) * STAFF_CUSTOMERS_PAGE_SIZE}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from companies co where ${where}`,
    ),
  ]);
  return toPage(withDates(rows), count?.total ?? 0, input.page, STAFF_CUSTOMERS_PAGE_SIZE);
}
