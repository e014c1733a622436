// A line break inside a cell never starts a line of the file that a spreadsheet would run: every
// cell holding a line feed or a carriage return is quoted by the one CSV writer
// (src/server/services/infra/csv-download.ts), whatever the record delimiter, so the text after
// the break stays inside its cell. The rows are written straight to the tables, as data older
// than today's input rules may be.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, orders, products, variants } from '@server/db/schema';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });

/** A line feed, a carriage return and both, each followed by what a spreadsheet would run. */
const BREAKS = { lf: '\n', cr: '\r', crlf: '\r\n' } as const;
const broken = (text: string, kind: keyof typeof BREAKS, formula = '=3+3') =>
  `${text}${BREAKS[kind]}${formula}`;

const KINDS = Object.keys(BREAKS) as (keyof typeof BREAKS)[];
const FORMULA_FIRST = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The physical lines of `file` (split at CRLF, LF or a lone CR, as a spreadsheet or a text
 * editor may), by whether each begins inside a quoted cell (what follows a break in a cell) or
 * outside (a record). Inside quotes a "" is an escaped quote: it toggles twice, so counting
 * quotes tells one from the other.
 */
function physicalLines(file: string) {
  const lines = { inside: [] as string[], outside: [file.split(/\r|\n/)[0]!] };
  let isQuoted = false;
  for (let i = 0; i < file.length; i += 1) {
    const char = file[i];
    if (char === '"') isQuoted = !isQuoted;
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && file[i + 1] === '\n') i += 1;
      (isQuoted ? lines.inside : lines.outside).push(file.slice(i + 1).split(/\r|\n/)[0]!);
    }
  }
  return lines;
}

async function download(url: string) {
  const response = await world.app.inject({ url, headers: { cookie: world.adminCookie } });
  expect(response.statusCode, url).toBe(200);
  return response.body.replace(/^\uFEFF/, '');
}

const EXPORTS = [
  { url: '/api/admin/orders.csv', delimiter: ';' },
  { url: '/api/admin/customers.csv', delimiter: ';' },
  { url: '/api/admin/catalog.csv', delimiter: ';' },
  { url: '/api/admin/newsletter.csv', delimiter: ',' },
] as const;

beforeAll(async () => {
  const [variant] = await createTestProduct(world.db, [{ stock: 50, price: '10.00' }]);
  for (const kind of KINDS) {
    const customer = await createTestUser(world.deps, {
      fullName: broken(`Cliente ${kind}`, kind),
    });
    const { id } = await callerFor(world.deps, customer).orders.requestQuote({
      email: customer.user.email,
      items: [{ variantId: variant!.id, quantity: 1 }],
      idempotencyKey: `csv-line-breaks-${kind}`,
    });
    await world.db
      .update(orders)
      .set({ companyName: broken(`Empresa ${kind}`, kind, '@SUM(1+1)') })
      .where(eq(orders.id, id));
    const [product] = await createTestProduct(world.db, [{ stock: 1, price: '5.00' }]);
    await world.db
      .update(products)
      .set({ name: broken(`Producto ${kind}`, kind) })
      .where(eq(products.id, product!.productId));
    await world.db
      .update(variants)
      .set({ colorName: broken(`Color ${kind}`, kind, '-2+3') })
      .where(eq(variants.id, product!.id));
    await world.db
      .insert(newsletterSubscriptions)
      .values({ email: broken(`${kind}@empresa.uy`, kind, '+1+1') });
  }
});

describe('a line break inside a CSV cell', () => {
  it('never starts a line of any export with a formula outside a quoted cell', async () => {
    for (const { url } of EXPORTS) {
      const { inside, outside } = physicalLines(await download(url));
      for (const line of outside) expect(line, url).not.toMatch(FORMULA_FIRST);
      // The breaks are in the file, each inside quotes.
      expect(inside.length, url).toBeGreaterThanOrEqual(KINDS.length);
    }
  });

  it('reads back as the very text of each cell', async () => {
    const read = async (url: string, delimiter: string) =>
      parse<Record<string, string>>(await download(url), { delimiter, columns: true });
    const orderRows = await read('/api/admin/orders.csv', ';');
    const customerRows = await read('/api/admin/customers.csv', ';');
    const catalogRows = await read('/api/admin/catalog.csv', ';');
    const subscriberRows = await read('/api/admin/newsletter.csv', ',');
    for (const kind of KINDS) {
      expect(orderRows.map((row) => [row.cliente, row.empresa])).toContainEqual([
        broken(`Cliente ${kind}`, kind),
        broken(`Empresa ${kind}`, kind, '@SUM(1+1)'),
      ]);
      expect(customerRows.map((row) => row.cliente)).toContain(broken(`Cliente ${kind}`, kind));
      expect(catalogRows.map((row) => [row.nombre, row.color])).toContainEqual([
        broken(`Producto ${kind}`, kind),
        broken(`Color ${kind}`, kind, '-2+3'),
      ]);
      expect(subscriberRows.map((row) => row.email)).toContain(
        broken(`${kind}@empresa.uy`, kind, '+1+1'),
      );
    }
  });
});
