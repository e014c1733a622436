// Profiling aid: one store with its caches off, loaded with product pages for N seconds.
// Run as `NODE_ENV=production node --cpu-prof --import tsx bench/profile-page.ts [seconds]`
// (React picks its build from NODE_ENV when it first loads, before this file runs).
import { openDatabase } from '../src/server/db/client';
import { measure } from './measure';
import { BENCH_SIZE, seedLargeCatalog } from './seed';
import { startStore } from './store';

const seconds = Number(process.argv[2] ?? 10);
const handle = await openDatabase({ dataDir: 'memory://' });
await handle.migrate();
await seedLargeCatalog(handle.db);
const store = await startStore(handle.db, undefined, { cacheTtlMs: 0 });
const paths = Array.from(
  { length: 100 },
  (_, i) => `/producto/producto-${1 + ((i * 97) % BENCH_SIZE.products)}`,
);
const result = await measure({
  urls: [store.baseUrl],
  plan: { kind: 'rotate', paths },
  seconds,
  connections: 10,
});
console.log(result);
await store.close();
await handle.close();
