// The dashboard home with 100,000 orders: how long the server takes to answer the procedure the
// /dashboard page loads (admin.dashboard.get, with an admin's session cookie) for the 30-day and
// 12-month ranges, one request at a time so the figure is the server's time, not a queue's.
// The orders list's search and its CSV export are timed on the same data. Runs inside
// `npm run bench` (after the catalogue is seeded) or alone: `npx tsx bench/dashboard.ts`.
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { createSession, generateSessionToken } from '../src/server/auth/session';
import { type Database, queryRows } from '../src/server/db/client';
import { promoteToAdmin, registerCustomer } from '../src/server/services/accounts';
import { dashboardSummary } from '../src/server/services/dashboard/stats';
import { benchDatabases } from './database';
import { runWhenStarted } from './entry';
import { percentile } from './quote';
import { seedLargeCatalog } from './seed';
import { startStore } from './store';

export const DASHBOARD_BENCH = { orders: 100_000, customers: 2_000, days: 730 };
/** Requests per timed path, after a few unmeasured ones. */
const SAMPLES = 40;
const WARM_UP = 3;

/**
 * 100,000 orders over the last two years, set-based: customers, two lines per order on the
 * bench catalogue, the initial status row, staff answers (status changes, revisions,
 * messages) on part of them. Needs seedLargeCatalog's variants and an admin user id.
 */
export async function seedOrders(db: Database, adminId: number) {
  const { orders: count, customers, days } = DASHBOARD_BENCH;
  await db.execute(sql`
    insert into users (email, password_hash)
    select 'bench-cliente-' || i || '@empresa.uy', 'sin-clave'
    from generate_series(1, ${customers}) i`);
  await db.execute(sql`
    insert into customers (user_id, full_name, email, company_name)
    select id, 'Cliente ' || id, email, 'Empresa ' || (id % 500)
    from users where email like 'bench-cliente-%'`);
  // Spread evenly over `days`, at every hour of the day; 30% concluded, 10% cancelled.
  await db.execute(sql`
    insert into orders (customer_id, total_amount, status, contact_email, company_name, created_at)
    select c.id,
           50 + (i * 7919 % 500000) / 100.0,
           (array['Concretado', 'Concretado', 'Concretado', 'Cancelado', 'Modificado',
                  'Cotización', 'Cotización', 'Cotización', 'Cotización', 'Cotización'])[1 + i % 10],
           c.email, c.company_name,
           now() - make_interval(secs => (i::float8 / ${count}) * ${days} * 86400)
    from generate_series(1, ${count}) i
    join customers c on c.id = (select min(id) from customers
                                where email like 'bench-cliente-%') + i % ${customers}`);
  // A running store cancels quotes left in Cotización past QUOTE_HOLD_DAYS (7 by default):
  // seeded older ones would be cancelled one by one by the store's hold job during the bench.
  await db.execute(sql`
    update orders set status = 'Cancelado'
    where status = 'Cotización' and created_at < now() - interval '7 days'`);
  // Without statistics the planner takes the new orders for a few rows and joins every line to
  // the variants by a nested loop: minutes instead of seconds.
  await db.execute(sql`analyze orders`);
  await db.execute(sql`
    insert into order_items (order_id, variant_id, product_id, price, quantity, product_name,
                             color_name, storage)
    select o.id, v.id, p.id, v.price, 1 + (o.id + k) % 4, p.name, v.color_name, v.storage
    from orders o cross join generate_series(0, 1) k
    join variants v on v.id = (select min(id) from variants) + (o.id * 31 + k * 17) % 40000
    join products p on p.id = v.product_id`);
  await db.execute(sql`
    insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
    select o.id, null, 'Cotización', c.user_id, o.created_at
    from orders o join customers c on c.id = o.customer_id`);
  // Two in three answered by a status change, some also by a revision or a message.
  await db.execute(sql`
    insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
    select id, 'Cotización', status, ${adminId}, created_at + make_interval(hours => 1 + id % 72)
    from orders where id % 3 <> 0 and status <> 'Cotización'`);
  await db.execute(sql`
    insert into quote_revisions (order_id, number, valid_until, subtotal, tax, total,
                                 created_by, created_at)
    select id, 1, (created_at + interval '15 days')::date, total_amount, 0, total_amount,
           ${adminId}, created_at + make_interval(hours => 2 + id % 48)
    from orders where id % 7 = 0`);
  await db.execute(sql`
    insert into order_messages (order_id, author_id, author_role, body, created_at)
    select id, ${adminId}, 'admin', 'Hola, te enviamos la cotización.',
           created_at + make_interval(mins => 30 + id % 600)
    from orders where id % 5 = 0`);
  await db.execute(sql`vacuum analyze`);
}

async function adminCookie(db: Database) {
  const email = `bench-admin-${Date.now()}@tienda.uy`;
  const userId = await registerCustomer(db, {
    email,
    password: 'bench-secreto',
    fullName: 'Administración bench',
  });
  await promoteToAdmin(db, email);
  const token = generateSessionToken();
  await createSession(db, token, userId);
  return { userId, cookie: `${SESSION_COOKIE}=${token}` };
}

const trpcGet = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

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

/** The same panels timed one by one inside the process: which one costs what. */
async function panelTimes(db: Database, range: '30d' | '12m') {
  const started = performance.now();
  await dashboardSummary(db, { range, lowStock: 5 }, new Date());
  return performance.now() - started;
}

/** Seeds the orders into `db` (catalogue already there) and times the paths against `baseUrl`. */
export async function dashboardScenario(ctx: { db: Database; baseUrl: string }) {
  const { userId, cookie } = await adminCookie(ctx.db);
  const started = Date.now();
  await seedOrders(ctx.db, userId);
  const [counts] = await queryRows<{ orders: number; items: number }>(
    ctx.db,
    sql`select (select count(*)::int from orders) as orders,
               (select count(*)::int from order_items) as items`,
  );
  console.log(
    `dashboard bench: seeded ${counts?.orders} orders, ${counts?.items} lines in ${Date.now() - started} ms`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const paths: Record<string, string> = {
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
  const rows: string[] = [`${'path'.padEnd(40)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`];
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
  for (const open of benchDatabases(process.env.DATABASE_URL)) {
    const database = await open();
    try {
      console.log(`\n=== ${database.kind} ===`);
      await seedLargeCatalog(database.db);
      const store = await startStore(database.db, database.url);
      try {
        console.log(await dashboardScenario({ db: database.db, baseUrl: store.baseUrl }));
      } finally {
        await store.close();
      }
    } finally {
      await database.close();
    }
  }
}

runWhenStarted(import.meta.url, main);
