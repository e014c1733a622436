// 'Cobranzas' (/dashboard/cobranzas): what every company, and every customer on their own, still
// owes, by days past due ('Al día', '1–30', '31–60', '61–90', 'Más de 90'), with the totals,
// a CSV and the dashboard's 'Vencido' figure (docs/decisions/084-payments-statement-and-
// receivables.md). The columns follow ageBucketOf (@shared/collections) in SQL.
import { sql } from 'drizzle-orm';
import { AGE_BUCKETS } from '@shared/collections';
import { storeDay } from '@shared/format';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { csvDownloadStream } from '../infra/csv-download';
import { RECEIVABLES_PAGE_SIZE } from '@shared/collections';
import { balanceSql, onPaymentAxis, paymentsOfOrder } from './payment-facts';

/** Each open balance with its payer and its days past due on `today` (0: not due). */
const openBalances = (today: string) => sql`
  select o.company_id, case when o.company_id is null then o.customer_id end as customer_id,
         ${balanceSql} as balance, pay.to_collect,
         greatest(coalesce(${today}::date - o.due_on, 0), 0) as late
  from orders o ${paymentsOfOrder(today)}
  where ${onPaymentAxis} and pay.paid < o.amount_due`;

const bucketSums = sql`
  coalesce(sum(balance) filter (where late = 0), 0)::numeric(14, 2)::text as current,
  coalesce(sum(balance) filter (where late between 1 and 30), 0)::numeric(14, 2)::text as late30,
  coalesce(sum(balance) filter (where late between 31 and 60), 0)::numeric(14, 2)::text as late60,
  coalesce(sum(balance) filter (where late between 61 and 90), 0)::numeric(14, 2)::text as late90,
  coalesce(sum(balance) filter (where late > 90), 0)::numeric(14, 2)::text as older,
  coalesce(sum(balance), 0)::numeric(14, 2)::text as total,
  coalesce(sum(balance) filter (where late > 0), 0)::numeric(14, 2)::text as overdue,
  coalesce(sum(to_collect), 0)::numeric(14, 2)::text as to_collect`;

type Sums = {
  current: string;
  late30: string;
  late60: string;
  late90: string;
  older: string;
  total: string;
  overdue: string;
  to_collect: string;
};
type PayerRow = Sums & {
  company_id: number | null;
  customer_id: number | null;
  name: string;
  rut: string | null;
};

const bucketsOf = (row: Sums) => ({
  buckets: [row.current, row.late30, row.late60, row.late90, row.older] as [
    string,
    string,
    string,
    string,
    string,
  ],
  total: row.total,
  overdue: row.overdue,
  toCollect: row.to_collect,
});

/** The payers with a balance, most overdue first, and `limit` rows from `offset`. */
const payerRows = (today: string, limit: number, offset: number) => sql`
  with open as (${openBalances(today)})
  select open.company_id, open.customer_id, coalesce(co.name, cu.full_name) as name,
         co.rut, ${bucketSums}
  from open
  left join companies co on co.id = open.company_id
  left join customers cu on cu.id = open.customer_id
  group by open.company_id, open.customer_id, co.name, cu.full_name, co.rut
  order by sum(balance) filter (where late > 0) desc nulls last, sum(balance) desc,
           open.company_id, open.customer_id
  limit ${limit} offset ${offset}`;

const toPayer = (row: PayerRow) => ({
  payer: row.company_id !== null ? { companyId: row.company_id } : { customerId: row.customer_id! },
  name: row.name,
  rut: row.rut,
  ...bucketsOf(row),
});

/** One page of the receivables on `now`'s day, with the totals of every payer. */
export async function receivables(db: Executor, now: Date, page: number) {
  const today = storeDay(now);
  const [rows, [totals], [count]] = await Promise.all([
    queryRows<PayerRow>(
      db,
      payerRows(today, RECEIVABLES_PAGE_SIZE, (page - 1) * RECEIVABLES_PAGE_SIZE),
    ),
    queryRows<Sums>(db, sql`with open as (${openBalances(today)}) select ${bucketSums} from open`),
    queryRows<{ payers: number }>(
      db,
      sql`with open as (${openBalances(today)})
          select count(distinct (company_id, customer_id))::int as payers from open`,
    ),
  ]);
  return {
    today,
    columns: AGE_BUCKETS,
    items: rows.map(toPayer),
    total: count?.payers ?? 0,
    totals: bucketsOf(totals!),
  };
}

/** The dashboard's 'Vencido': what is owed past its due day, in US$. */
export async function overdueTotal(db: Executor, now: Date): Promise<string> {
  const [row] = await queryRows<{ overdue: string }>(
    db,
    sql`with open as (${openBalances(storeDay(now))})
        select coalesce(sum(balance) filter (where late > 0), 0)::numeric(14, 2)::text as overdue from open`,
  );
  return row?.overdue ?? '0';
}

export const RECEIVABLES_CSV_COLUMNS = [
  'cliente',
  'RUT',
  ...AGE_BUCKETS.map((bucket) => `${bucket} US$`),
  'total US$',
  'cheques a cobrar US$',
] as const;

const CSV_BATCH = 500;

async function* receivableRows(db: Executor, now: Date) {
  const today = storeDay(now);
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await queryRows<PayerRow>(db, payerRows(today, CSV_BATCH, offset));
    for (const row of rows) {
      const payer = toPayer(row);
      yield [payer.name, payer.rut ?? '', ...payer.buckets, payer.total, payer.toCollect];
    }
    if (rows.length < CSV_BATCH) return;
  }
}

/** The receivables as a CSV file (formulas neutralised by the one writer). */
export const receivablesCsvStream = (db: Executor, now: Date) =>
  csvDownloadStream(receivableRows(db, now), RECEIVABLES_CSV_COLUMNS);
