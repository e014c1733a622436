// Profiling aid: one store with its caches off, loaded with product pages for N seconds.
// Run as `NODE_ENV=production node --cpu-prof --import tsx bench/profile-page.ts [seconds]
// [connections]` (10 by default; 1 measures a page at a time, without the others' contention)
// (React picks its build from NODE_ENV when it first loads, before this file runs). On PGlite,
// or on a fresh database of the PostgreSQL server that DATABASE_URL names.
// Prints the CPU each page cost this process and, when the PostgreSQL server runs on this
// machine, its backends for the bench database: less noisy than requests/s on a shared machine.
import { backendCpuSeconds } from './backend-cpu';
import { benchDatabases } from './database';
import { measure } from './measure';
import { BENCH_SIZE, benchProductSlug, seedLargeCatalog } from './seed';
import { startStore } from './store';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const [open] = benchDatabases(
  process.env.DATABASE_URL,
  process.env.DATABASE_URL ? 'postgres' : 'pglite',
);
const database = await open!();
await seedLargeCatalog(database.db);
const store = await startStore(database.db, database.url, { cacheTtlMs: 0 });
const paths = Array.from(
  { length: 100 },
  (_, i) => `/producto/${benchProductSlug(i, BENCH_SIZE.products)}`,
);
const load = { urls: [store.baseUrl], plan: { kind: 'rotate', paths } as const, connections };
// Every page served, the warm-up's too, against the CPU spent meanwhile. The store's pool
// opens its connections at the first pages: they are open by the time the load starts.
let pages = 0;
store.app.server.on('request', () => pages++);
await fetch(store.baseUrl + paths[0]);
const isPostgres = database.kind === 'postgres';
const backendsBefore = isPostgres ? await backendCpuSeconds(database.db) : undefined;
const cpuBefore = process.cpuUsage();
const result = await measure({ ...load, seconds });
const cpu = process.cpuUsage(cpuBefore);
const backendsAfter = isPostgres ? await backendCpuSeconds(database.db) : undefined;
const perPage = (ms: number) => Number((ms / (pages - 1)).toFixed(2));
console.log({
  ...result,
  database: database.kind,
  storeCpuMsPerPage: perPage((cpu.user + cpu.system) / 1000),
  databaseCpuMsPerPage:
    backendsBefore === undefined || backendsAfter === undefined
      ? undefined
      : perPage((backendsAfter - backendsBefore) * 1000),
});
await store.close();
await database.close();
