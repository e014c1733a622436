// `npx tsx bench/search-probe.ts DATABASE_URL [--from 0] [--count 700]`: the bench's
// never-repeated search terms (the search sheet's statement), one at a time on a kept bench
// database, timed; the slowest first. `bench/search-explain.ts` then shows one's plan.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { searchVariantsForSheet } from '../src/server/services/catalog/catalog-shop';
import { searchSheetInputSchema } from '../src/shared/schemas/catalog';
import { percentile } from './quote';
import { searchBenchTerm } from './seed';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: '0' }, count: { type: 'string', default: '700' } },
});
const handle = await openDatabase({ databaseUrl: positionals[0]!, dataDir: '', poolSize: 1 });
const times: { term: string; ms: number; total: number }[] = [];
for (let k = Number(values.from); k < Number(values.from) + Number(values.count); k++) {
  const term = searchBenchTerm(k);
  const started = performance.now();
  const page = await searchVariantsForSheet(handle.db, searchSheetInputSchema.parse({ term }));
  times.push({ term, ms: performance.now() - started, total: page.total });
}
const sorted = times.map((time) => time.ms).sort((a, b) => a - b);
const at = (p: number) => percentile(sorted, p).toFixed(1);
console.log(`p50 ${at(50)} p90 ${at(90)} p99 ${at(99)} ms`);
times.sort((a, b) => b.ms - a.ms);
for (const time of times.slice(0, 25)) {
  console.log(
    `${time.ms.toFixed(1).padStart(8)} ms ${String(time.total).padStart(4)} ${time.term}`,
  );
}
await handle.close();
