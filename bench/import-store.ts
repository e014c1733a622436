// The store of bench/catalog-import-scale.ts, in a process of its own: the bench (the admin's
// browser, the customer, the file builder) must not count its own work and garbage as the
// store's. Opens the pool as production does (with DATABASE_STATEMENT_TIMEOUT_MS), sends its
// address to the parent, and answers { maxStallMs } for the event loop since the last 'start'.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { startStore } from './store';

const databaseUrl = process.argv[2]!;
const handle = await openDatabase({
  databaseUrl,
  dataDir: '',
  statementTimeoutMs: loadConfig({}).DATABASE_STATEMENT_TIMEOUT_MS,
});
const store = await startStore(handle.db, databaseUrl);
let stalls = monitorEventLoopDelay({ resolution: 10 });

process.on('message', (message) => {
  if (message === 'start') {
    stalls.disable();
    stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
  } else if (message === 'stop') {
    stalls.disable();
    process.send!({ maxStallMs: stalls.max / 1e6 });
  }
});
process.once('disconnect', () => {
  void store
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
process.send!({ baseUrl: store.baseUrl });
