// `npx tsx bench/dashboard-timing.ts DATABASE_URL [--samples 40]`: the dashboard home's
// summary timed in this process against a kept bench database (`npm run bench --
// --keep-database`, or a copy of one), one call at a time for each range, after the jobs
// loop's work is timed once: the fold of the orders' day changes and the snapshots' refresh
// (docs/decisions/068-dashboard-rollups.md). `--summary FILE` times another module's
// dashboardSummary (an older copy, for a before/after on the same data).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { foldOrderDayChanges } from '../src/server/services/dashboard/order-days';
import { refreshSnapshot } from '../src/server/services/dashboard/snapshots';
import { dashboardSummary as currentSummary } from '../src/server/services/dashboard/stats';
import { DASHBOARD_RANGES } from '../src/shared/dashboard-ranges';
import { runWhenStarted } from './entry';
import { percentile } from './quote';

const WARM_UP = 3;

async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      samples: { type: 'string', default: '40' },
      summary: { type: 'string' },
    },
  });
  const url = positionals[0];
  if (!url) throw new Error('usage: npx tsx bench/dashboard-timing.ts DATABASE_URL [--samples N]');
  const summary: typeof currentSummary = values.summary
    ? ((await import(path.resolve(values.summary))) as { dashboardSummary: typeof currentSummary })
        .dashboardSummary
    : currentSummary;
  const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    if (!values.summary) {
      const fold = await timed(() => foldOrderDayChanges(handle.db));
      console.log(`fold of the day changes: ${fold.result} days in ${fold.ms.toFixed(0)} ms`);
      for (const range of DASHBOARD_RANGES) {
        const refresh = await timed(() => refreshSnapshot(handle.db, range, new Date()));
        console.log(`snapshot ${range}: ${refresh.ms.toFixed(0)} ms`);
      }
    }
    console.log(`${'range'.padEnd(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    for (const range of DASHBOARD_RANGES) {
      const once = async () =>
        (await timed(() => summary(handle.db, { range, lowStock: 5 }, new Date()))).ms;
      for (let i = 0; i < WARM_UP; i++) await once();
      const latencies: number[] = [];
      for (let i = 0; i < Number(values.samples); i++) latencies.push(await once());
      latencies.sort((a, b) => a - b);
      const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
      console.log(`${range.padEnd(8)}${p50.toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}`);
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await handle.close();
  }
}

runWhenStarted(import.meta.url, main);
