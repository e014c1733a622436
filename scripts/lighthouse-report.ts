// Lighthouse's mobile preset (its default: simulated slow 4G, 4x CPU) on a running server, a few
// runs per page, the median score per category and the audits that lost points in any run.
//   npx tsx scripts/lighthouse-report.ts http://127.0.0.1:4214 / /tienda /producto/SLUG
// RUNS (default 3) sets the runs per page. Uses CHROME_PATH, else the system Chromium.
// LIGHTHOUSE names another Lighthouse command than the project's own (13, on Node 22).
// Not part of `npm test`: scores move with the machine's load, so they are reported, not asserted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Report = {
  categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number }>;
};

const [base = 'http://127.0.0.1:4214', ...paths] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
const folder = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
console.log(`Reports in ${folder}`);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function runLighthouse(url: string, output: string) {
  const [command, ...prefix] = process.env.LIGHTHOUSE
    ? [process.env.LIGHTHOUSE]
    : ['npx', 'lighthouse'];
  execFileSync(
    command,
    [
      ...prefix,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
}

for (const page of paths.length > 0 ? paths : ['/']) {
  const reports: Report[] = [];
  for (let run = 0; run < runs; run += 1) {
    const output = path.join(folder, `${encodeURIComponent(page)}-${run}.json`);
    // On a loaded machine Lighthouse now and then loses its trace (NO_NAVSTART): try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        runLighthouse(base + page, output);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    reports.push(JSON.parse(readFileSync(output, 'utf8')) as Report);
  }
  const scores = Object.keys(reports[0]?.categories ?? {}).map(
    (id) =>
      `${id} ${Math.round(median(reports.map((report) => report.categories[id]?.score ?? 0)) * 100)}`,
  );
  console.log(`\n${page}: ${scores.join(', ')}`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'];
  for (const id of metrics) {
    const values = reports.map((report) => report.audits[id]?.numericValue ?? 0);
    console.log(`  ${id}: ${Math.round(median(values))} ms`);
  }
  // Audits that cost points in some run (weighted in a category, score below 1).
  const losing = new Map<string, string>();
  for (const report of reports)
    for (const [category, { auditRefs }] of Object.entries(report.categories))
      for (const { id, weight } of auditRefs) {
        const audit = report.audits[id];
        if (weight > 0 && audit && audit.score !== null && audit.score < 1)
          losing.set(id, `${category}: ${audit.title} (${audit.score})`);
      }
  for (const text of losing.values()) console.log(`  - ${text}`);
}
