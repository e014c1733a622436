// Initial JavaScript of a page: every script the browser loads until the network is idle, each
// gzip-compressed here (level 9, like the server's static compression) so the figure does not
// depend on what the server chose to send. Measures a running server, e.g. the compiled one:
//   npm run build && PORT=4214 DATA_DIR=/tmp/tienda-measure npm run serve
//   npx tsx scripts/measure-initial-js.ts http://127.0.0.1:4214/ [more URLs...]
// Not part of `npm test`: a figure to report, not an assertion.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const urls = process.argv.slice(2);
if (urls.length === 0) urls.push('http://127.0.0.1:4214/');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
});
try {
  for (const url of urls) {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const name = new URL(response.url()).pathname;
      void response
        .body()
        .then((body) => scripts.set(name, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const rows = [...scripts].sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((sum, [, size]) => sum + size, 0);
    console.log(`\n${url}: ${rows.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    for (const [name, size] of rows)
      console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
    await page.close();
  }
} finally {
  await browser.close();
}
