// `NODE_ENV=production npx tsx bench/cpu-per-request.ts DATABASE_URL KIND [COUNT]`: the CPU one
// request costs, in the store's process and in PostgreSQL's, for a kept bench database
// (`npm run bench -- --keep-database`; use a copy: `create database X template <kept>`).
// On a machine shared with other jobs req/s and latencies move with the load, CPU time per
// request hardly does: compare two versions of the store with it, back to back.
// KIND: search (never-repeated terms, as the bench's row), typo ('notebok'), list (never-repeated
// shop input), member (the same list as a company member asks pricing.shop, in a database kept
// after the member row ran), page (product pages). Caches are off. Ten requests at a time, COUNT
// per round.
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import { sql } from 'drizzle-orm';
import { trpcGet } from './measure';
import { percentile } from './quote';
import { benchProductSlug, searchBenchTerm, SHOP_BENCH_INPUT } from './seed';
import { startStore } from './store';
import { backendCpuSeconds } from './backend-cpu';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { createSession, generateSessionToken } from '../src/server/auth/session';
import { systemClock } from '../src/server/clock';

const [url, kind = 'search', countArg = '400'] = process.argv.slice(2);
if (!url) throw new Error('usage: bench/cpu-per-request.ts DATABASE_URL KIND [COUNT]');
const count = Number(countArg);
const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
const [size] = await queryRows<{ products: number }>(
  handle.db,
  sql`select count(*)::int as products from products`,
);
const products = size?.products ?? 1;
const store = await startStore(handle.db, url, { cacheTtlMs: 0 });

/** The member row's buyer (bench/member-shop.ts), signed in anew: its cookie. */
async function memberCookie(): Promise<string> {
  const [member] = await queryRows<{ userId: number }>(
    handle.db,
    sql`select c.user_id as "userId" from company_members m join customers c on c.id = m.customer_id
        order by m.customer_id limit 1`,
  );
  if (!member) throw new Error('no company member: keep a database the member row ran on');
  const token = generateSessionToken();
  await createSession(handle.db, token, member.userId, systemClock.now());
  return `${SESSION_COOKIE}=${token}`;
}
const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
if (kind === 'member') headers.cookie = await memberCookie();

const paths: Record<string, (k: number) => string> = {
  search: (k) => trpcGet('catalog.search', { term: searchBenchTerm(k) }),
  typo: () => trpcGet('catalog.search', { term: 'notebok' }),
  list: (k) => trpcGet('catalog.list', { ...SHOP_BENCH_INPUT, maxPrice: 2500 + k * 0.01 }),
  member: (k) => trpcGet('pricing.shop', { ...SHOP_BENCH_INPUT, maxPrice: 2500 + k * 0.01 }),
  page: (k) => `/producto/${benchProductSlug(k % 100, products)}`,
};
const pathOf = paths[kind];
if (!pathOf) throw new Error(`KIND is one of ${Object.keys(paths).join(', ')}`);

/** CPU ms of the database's backends so far: the server must run on this machine. */
async function postgresCpuMs() {
  const seconds = await backendCpuSeconds(handle.db);
  if (seconds === undefined) throw new Error('the PostgreSQL server must run on this machine');
  return seconds * 1000;
}

async function round(label: string, first: number) {
  let next = 0;
  const latencies: number[] = [];
  const storeBefore = process.cpuUsage();
  const postgresBefore = await postgresCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) {
        const path = pathOf!(first + next++);
        const sent = performance.now();
        const response = await fetch(store.baseUrl + path, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const storeCpu = process.cpuUsage(storeBefore);
  const postgresCpu = (await postgresCpuMs()) - postgresBefore;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p).toFixed(0);
  console.log(
    `${label.padEnd(8)} ${kind}: ${(count / seconds).toFixed(0)} req/s, p50 ${at(50)} ms, ` +
      `p99 ${at(99)} ms; CPU ms per request: store ${((storeCpu.user + storeCpu.system) / 1000 / count).toFixed(2)} ` +
      `(with the fetch client), postgres ${(postgresCpu / count).toFixed(2)}`,
  );
}

// The warm-up's terms are six-digit numbers no round asks again.
await round('warm-up', 100_000);
await round('round 1', 0);
await round('round 2', count);
await store.close();
await handle.close();
