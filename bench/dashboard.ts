// The dashboard home with 100,000 orders (`--orders`): how long the server takes to answer the procedure the
// /dashboard page loads (admin.dashboard.get, with an admin's session cookie) for the 30-day and
// 12-month ranges, one request at a time so the figure is the server's time, not a queue's.
// The orders list's search and its CSV export are timed on the same data. Runs inside
// `npm run bench` (after the catalogue is seeded) or alone:
// `npx tsx bench/dashboard.ts [--products N --orders M]`.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { createSession, generateSessionToken } from '../src/server/auth/session';
import { systemClock } from '../src/server/clock';
import { type Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import { promoteToAdmin, registerCustomer } from '../src/server/services/accounts/accounts';
import { foldOrderDayChanges } from '../src/server/services/dashboard/order-days';
import { refreshSnapshot } from '../src/server/services/dashboard/snapshots';
import { dashboardSummary } from '../src/server/services/dashboard/stats';
import { DASHBOARD_RANGES } from '../src/shared/dashboard-ranges';
import { benchDatabases } from './database';
import { trpcGet } from './measure';
import { runWhenStarted } from './entry';
import { percentile } from './quote';
import { BENCH_SIZE, seedLargeCatalog, withoutTriggers } from './seed';
import { startStore } from './store';

export const DASHBOARD_BENCH = { orders: 100_000, customers: 3_000, days: 365 };
/** Requests per timed path, after a few unmeasured ones. */
const SAMPLES = 40;
const WARM_UP = 3;

/**
 * `count` orders over the last twelve months, set-based: a few thousand customers, two or
 * three lines per order on the bench catalogue, the initial status row, staff answers (status
 * changes, revisions, messages) on part of them. Needs seedLargeCatalog's variants and an
 * admin user id. The answer triggers are off during the load (a million row triggers, each
 * updating its order): the orders' first answer is set afterwards in one statement, as the
 * migration that added it did (drizzle/0012_order_first_answer.sql).
 */
export async function seedOrders(db: Database, adminId: number, count = DASHBOARD_BENCH.orders) {
  const { customers, days } = DASHBOARD_BENCH;
  const [catalogue] = await queryRows<{ first: number; variants: number }>(
    db,
    sql`select min(id)::int as first, count(*)::int as variants from variants
        where product_id in (select id from products where slug like 'producto-%')`,
  );
  const { first, variants } = catalogue!;
  // A database copied from a kept bench one (BENCH_TEMPLATE) has its orders already.
  const [seeded] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select from users where email like 'bench-cliente-%') as found`,
  );
  if (seeded?.found) return;
  await db.execute(sql`
    insert into users (email, password_hash)
    select 'bench-cliente-' || i || '@empresa.uy', 'sin-clave'
    from generate_series(1, ${customers}) i`);
  await db.execute(sql`
    insert into customers (user_id, full_name, email, company_name)
    select id, 'Cliente ' || id, email, 'Empresa ' || (id % 500)
    from users where email like 'bench-cliente-%'`);
  // Spread over `days` at every hour, more of them lately (a store that grows: the density falls
  // linearly from twice the average today to none a year ago; until decision 068 the formula
  // had it the other way round, 0.04 % of the orders in the last 7 days); 30% concluded,
  // 10% cancelled. A running store cancels quotes left in Cotización past QUOTE_HOLD_DAYS
  // (7 by default) and expires sent ones past their validity (15 days here, decision 049):
  // older ones are seeded so, or the store's jobs would change them one by one during the
  // bench (and the dashboard's 'expiring soon' panel would look through a year of them).
  await withoutTriggers(db, [
    sql`
    insert into orders (customer_id, total_amount, status, contact_email, company_name, created_at)
    select c.id,
           50 + (i::bigint * 7919 % 500000) / 100.0,
           case when s.status = 'Cotización' and s.age > interval '7 days' then 'Cancelado'
                when s.status = 'Modificado' and s.age > interval '15 days' then 'Vencida'
                else s.status end,
           c.email, c.company_name,
           now() - s.age
    from generate_series(1, ${count}) i
    cross join lateral (
      select (array['Concretado', 'Concretado', 'Concretado', 'Cancelado', 'Modificado',
                    'Cotización', 'Cotización', 'Cotización', 'Cotización', 'Cotización'])[1 + i % 10]
               as status,
             make_interval(secs => (1 - sqrt(i::float8 / ${count})) * ${days} * 86400) as age
    ) s
    join customers c on c.id = (select min(id) from customers
                                where email like 'bench-cliente-%') + (i * 7) % ${customers}`,
    // Without statistics the planner takes the new orders for a few rows and joins every line
    // to the variants by a nested loop: minutes instead of seconds.
    sql`analyze orders`,
    sql`
    insert into order_items (order_id, variant_id, product_id, price, quantity, product_name,
                             color_name, storage)
    select o.id, v.id, p.id, v.price, 1 + (o.id + k) % 4, p.name, v.color_name, v.storage
    from orders o cross join lateral generate_series(0, 1 + o.id % 2) k
    join variants v on v.id = ${first} + (o.id::bigint * 31 + k * 17) % ${variants}
    join products p on p.id = v.product_id`,
    sql`
    insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
    select o.id, null, 'Cotización', c.user_id, o.created_at
    from orders o join customers c on c.id = o.customer_id`,
    // Two in three answered by a status change, some also by a revision or a message.
    sql`
    insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
    select id, 'Cotización', status, ${adminId}, created_at + make_interval(hours => 1 + id % 72)
    from orders where id % 3 <> 0 and status <> 'Cotización'`,
    sql`
    insert into quote_revisions (order_id, number, valid_until, subtotal, tax, total,
                                 created_by, created_at)
    select id, 1, (created_at + interval '15 days')::date, total_amount, 0, total_amount,
           ${adminId}, created_at + make_interval(hours => 2 + id % 48)
    from orders where id % 7 = 0`,
    sql`
    insert into order_messages (order_id, author_id, author_role, body, created_at)
    select id, ${adminId}, 'admin', 'Hola, te enviamos la cotización.',
           created_at + make_interval(mins => 30 + id % 600)
    from orders where id % 5 = 0`,
    // What the orders' day triggers keep (order_days, decision 068), for all the days at once.
    sql`
    insert into order_days (day, requested, concluded, concluded_value)
    select (created_at at time zone 'America/Montevideo')::date, count(*),
           count(*) filter (where status = 'Concretado'),
           coalesce(sum(total_amount) filter (where status = 'Concretado'), 0)
    from orders group by 1`,
    // What record_first_staff_answer keeps, for all the orders at once.
    sql`
    update orders o set first_answered_at = a.answered_at
    from (
      select order_id, min(answered_at) as answered_at from (
        select order_id, changed_at as answered_at from order_status_history
          where actor = 'user' and changed_by is not null and from_status is not null
        union all select order_id, created_at from quote_revisions
        union all select order_id, created_at from order_messages where author_role = 'admin'
      ) answers group by order_id
    ) a
    where a.order_id = o.id`,
  ]);
  await db.execute(sql`vacuum analyze`);
}

export async function adminCookie(db: Database) {
  const email = `bench-admin-${Date.now()}@tienda.uy`;
  const userId = await registerCustomer(db, {
    email,
    password: 'bench-secreto',
    fullName: 'Administración bench',
  });
  await promoteToAdmin(db, email);
  const token = generateSessionToken();
  await createSession(db, token, userId, systemClock.now());
  return { userId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** p50/p99 of `SAMPLES` sequential requests of one path, after a short warm-up. */
async function timeSequential(url: string, cookie: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  // The client's idle keep-alive connection may have been closed by the server during the
  // seed: the first request retries once on a fresh one.
  await once().catch(once);
  for (let i = 1; i < WARM_UP; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) latencies.push(await once());
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The same panels timed inside the process, without HTTP. */
async function panelTimes(db: Database, range: '30d' | '12m') {
  const started = performance.now();
  await dashboardSummary(db, { range, lowStock: 5 }, new Date());
  return performance.now() - started;
}

/** Seeds the orders into `db` (catalogue already there) and times the paths against `baseUrl`. */
export async function dashboardScenario(ctx: { db: Database; baseUrl: string; orders?: number }) {
  const { userId, cookie } = await adminCookie(ctx.db);
  const started = Date.now();
  await seedOrders(ctx.db, userId, ctx.orders);
  const [counts] = await queryRows<{ orders: number; items: number; products: number }>(
    ctx.db,
    sql`select (select count(*)::int from orders) as orders,
               (select count(*)::int from order_items) as items,
               (select count(*)::int from products) as products`,
  );
  console.log(
    `dashboard bench: seeded ${counts?.orders} orders, ${counts?.items} lines in ${Date.now() - started} ms`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  // What the jobs loop does every few minutes (decision 068), timed once: the figures the
  // requests below read are then as fresh as a running store keeps them.
  const jobs: string[] = [];
  let jobStarted = performance.now();
  const days = await foldOrderDayChanges(ctx.db);
  jobs.push(`fold ${days} days ${(performance.now() - jobStarted).toFixed(0)} ms`);
  for (const range of DASHBOARD_RANGES) {
    jobStarted = performance.now();
    await refreshSnapshot(ctx.db, range, new Date());
    jobs.push(`snapshot ${range} ${(performance.now() - jobStarted).toFixed(0)} ms`);
  }
  const paths: Record<string, string> = {
    'dashboard home, 7 days': trpcGet('admin.dashboard.get', { range: '7d' }),
    'dashboard home, 30 days': trpcGet('admin.dashboard.get', { range: '30d' }),
    'dashboard home, 12 months': trpcGet('admin.dashboard.get', { range: '12m' }),
    'orders list, search "empresa 17"': trpcGet('admin.orders.list', { search: 'empresa 17' }),
    'orders list, search + 30 days': trpcGet('admin.orders.list', {
      search: 'cliente 1',
      from: monthAgo,
      to: today,
    }),
    'orders list, page 500': trpcGet('admin.orders.list', { page: 500 }),
    'orders CSV, 30 days': `/api/admin/orders.csv?desde=${monthAgo}&hasta=${today}`,
  };
  const rows: string[] = [
    `at ${counts?.products} products, ${counts?.orders} orders, ${counts?.items} order lines`,
    `jobs loop: ${jobs.join(', ')}`,
    `${'path'.padEnd(40)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
  ];
  for (const [name, path] of Object.entries(paths)) {
    const { p50, p99 } = await timeSequential(ctx.baseUrl + path, cookie);
    rows.push(`${name.padEnd(40)}${p50.toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}`);
  }
  rows.push(
    `in-process dashboardSummary: 30d ${(await panelTimes(ctx.db, '30d')).toFixed(1)} ms, ` +
      `12m ${(await panelTimes(ctx.db, '12m')).toFixed(1)} ms`,
  );
  return `\n${rows.join('\n')}\n(${SAMPLES} sequential requests each, after ${WARM_UP} unmeasured)`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: String(BENCH_SIZE.products) },
      orders: { type: 'string', default: String(DASHBOARD_BENCH.orders) },
    },
  });
  for (const open of benchDatabases(process.env.DATABASE_URL)) {
    const database = await open();
    try {
      console.log(`\n=== ${database.kind} ===`);
      await seedLargeCatalog(database.db, Number(values.products));
      const store = await startStore(database.db, database.url);
      try {
        console.log(
          await dashboardScenario({
            db: database.db,
            baseUrl: store.baseUrl,
            orders: Number(values.orders),
          }),
        );
      } finally {
        await store.close();
      }
    } finally {
      await database.close();
    }
  }
}

runWhenStarted(import.meta.url, main);
