// The dashboard's two whole-store downloads, each streamed once by an admin as a browser would
// (brotli or gzip): how long the whole file takes, and whether the server's memory stays flat
// while it goes (both read keyset batches and write as they read: decision 037).
import type { Database } from '../src/server/db/client';
import { adminCookie } from './dashboard';
import { sampleRss } from './rss';

export type ExportResult = {
  seconds: number;
  /** The file's size and rows (fetch decompresses what the server compressed). */
  megabytes: number;
  rows: number;
  startMb: number;
  peakMb: number;
};

export async function exportScenario(
  ctx: { db: Database; baseUrl: string },
  path: '/api/admin/orders.csv' | '/api/admin/catalog.csv',
): Promise<ExportResult> {
  const { cookie } = await adminCookie(ctx.db);
  const rss = sampleRss();
  const started = performance.now();
  const response = await fetch(ctx.baseUrl + path, {
    headers: { cookie, 'accept-encoding': 'br, gzip' },
  });
  if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
  // fetch decompresses; count line ends as the text goes by, keep nothing.
  let rows = -1; // the header
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
    for (const byte of read.value) if (byte === 10) rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, megabytes: bytes / 1024 / 1024, rows, ...rss.stop() };
}

export const describeExport = (result: ExportResult) =>
  `${result.rows.toLocaleString('en')} rows, ${result.megabytes.toFixed(1)} MB in ` +
  `${result.seconds.toFixed(1)} s; server RSS ${result.startMb.toFixed(0)} MB before, ` +
  `peak ${result.peakMb.toFixed(0)} MB while streaming`;
