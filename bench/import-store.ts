// The store of bench/catalog-import-scale.ts, in a process of its own: the bench (the admin's
// browser, the customer, the file builder) must not count its own work and garbage as the
// store's. Opens the pool as production does (DATABASE_STATEMENT_TIMEOUT_MS and
// DATABASE_POOL_SIZE from the environment), with the catalogue caches off, sends its address
// to the parent, and answers { maxStallMs, peakRssMb } for the time since the last 'start'.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { startStore } from './store';

const databaseUrl = process.argv[2]!;
// DATABASE_POOL_SIZE as production reads it (unset: one connection per core, at least two).
const config = loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE });
const handle = await openDatabase({
  databaseUrl,
  dataDir: '',
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  poolSize: config.DATABASE_POOL_SIZE,
});
// Caches off: the bench's product probe must reach the database.
const store = await startStore(handle.db, databaseUrl, { cacheTtlMs: 0 });
let stalls = monitorEventLoopDelay({ resolution: 10 });
let peakRss = 0;
const rssSampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

process.on('message', (message) => {
  if (message === 'start') {
    stalls.disable();
    stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    peakRss = process.memoryUsage.rss();
  } else if (message === 'stop') {
    stalls.disable();
    process.send!({ maxStallMs: stalls.max / 1e6, peakRssMb: peakRss / 1024 / 1024 });
  }
});
process.once('disconnect', () => {
  clearInterval(rssSampler);
  void store
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
process.send!({ baseUrl: store.baseUrl });
