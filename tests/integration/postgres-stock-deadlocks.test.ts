// Its point is the PostgreSQL pass (DATABASE_URL): every transaction that writes stock locks
// products, then variants, in ascending id (docs/decisions/048-one-lock-order-for-stock.md),
// so quotes, cancellations, revisions and product saves over one product never deadlock.
// PGlite runs the same steps one transaction at a time, which checks the arithmetic but no
// locking.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { productToFormValues } from '@client/features/dashboard-products/product-form-values';
import { callerFor, createTestUser } from '../support/context';
import { JSON_MUTATION, sessionCookie } from '../support/http';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
const REQUESTS = 200;
const AT_A_TIME = 8;
const CUSTOMERS = 10;
const STOCK = 1000;
const DESCRIPTION = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Descripción' }] }],
};

let productVariants: TestVariant[];
let customerCookies: string[];

beforeAll(async () => {
  productVariants = await createTestProduct(
    world.db,
    [1, 2, 3, 4].map((n) => ({ stock: STOCK, price: `${100 * n}.00` })),
    'Celular Disputado',
  );
  customerCookies = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    customerCookies.push(await sessionCookie(world.deps, `disputa-${i}-${Date.now()}@empresa.uy`));
  }
});

/** A deterministic shuffle: the same run every time, the variants in varying orders. */
function* numbers(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state;
  }
}

type Answer = { what: string; status: number; body: string };

/** Transactions run again after a deadlock or serialization failure, as /metrics counts them. */
async function retriedTransactions() {
  const text = (await world.app.inject({ method: 'GET', url: '/metrics' })).body;
  return [...text.matchAll(/^db_transactions_retried_total\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

const trpcPost = async (what: string, path: string, cookie: string, json: unknown) => {
  const response = await world.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...JSON_MUTATION, cookie },
    payload: JSON.stringify({ json }),
  });
  return { what, status: response.statusCode, body: response.body };
};

it('answers concurrent quotes, cancellations, revisions and product saves without a 5xx, stock exact', async () => {
  const random = numbers(28);
  const next = (below: number) => random.next().value! % below;
  const answers: Answer[] = [];
  const placed: number[] = [];
  let sent = 0;
  let isDone = false;

  const requestQuotes = async () => {
    while (sent < REQUESTS) {
      const n = sent++;
      const pool = productVariants.map((variant) => variant.id);
      const items = Array.from({ length: 1 + next(3) }, () => ({
        variantId: pool.splice(next(pool.length), 1)[0]!,
        quantity: 1 + next(3),
      }));
      const answer = await trpcPost(
        'quote',
        'orders.requestQuote',
        customerCookies[n % CUSTOMERS]!,
        {
          items,
          email: `disputa-${n}@empresa.uy`,
          idempotencyKey: `disputa-${n}`,
        },
      );
      answers.push(answer);
      if (answer.status === 200) {
        placed.push(
          (JSON.parse(answer.body) as { result: { data: { json: { id: number } } } }).result.data
            .json.id,
        );
      }
    }
  };

  // Cancels a recent quote, now and then takes a cancelled one back (reserving again) or
  // answers one with a revision of other quantities (moving its reservation).
  const changeOrders = async () => {
    for (let round = 0; !isDone; round++) {
      const id = placed.at(-1 - next(Math.min(placed.length, 5)));
      if (id === undefined) {
        await new Promise(setImmediate);
        continue;
      }
      if (round % 4 === 1) {
        const lines = productVariants.slice(next(2), 2 + next(3)).map((variant) => ({
          variantId: variant.id,
          quantity: 1 + next(3),
          unitPrice: '90',
          discountPercent: '0',
        }));
        answers.push(
          await trpcPost('revision', 'admin.orders.sendRevision', world.adminCookie, {
            orderId: id,
            lines,
            validUntil: '2999-12-31',
          }),
        );
        continue;
      }
      const status = round % 4 === 3 ? 'Cotización' : 'Cancelado';
      answers.push(
        await trpcPost('status', 'admin.orders.setStatus', world.adminCookie, { id, status }),
      );
    }
  };

  // The dashboard's save of the product, its stock as just read, a price that changes.
  const admin = await createTestUser(world.deps, { role: 'admin' });
  const [{ slug } = { slug: '' }] = await queryRows<{ slug: string }>(
    world.db,
    sql`select slug from products where id = ${productVariants[0]!.productId}`,
  );
  const saveProduct = async () => {
    for (let round = 0; !isDone; round++) {
      const product = await callerFor(world.deps, admin).admin.products.get({ slug });
      const values = productToFormValues(product);
      const form = new FormData();
      form.append(
        'product',
        JSON.stringify({
          ...values,
          description: DESCRIPTION,
          variants: values.variants.map((variant, index) => ({
            ...variant,
            price: index === 0 ? 100 + (round % 2) : variant.price,
          })),
        }),
      );
      const body = new Response(form);
      const response = await world.app.inject({
        method: 'POST',
        url: `/api/admin/products/${product.id}`,
        headers: {
          'content-type': body.headers.get('content-type')!,
          cookie: world.adminCookie,
          'sec-fetch-site': 'same-origin',
        },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      answers.push({ what: 'save', status: response.statusCode, body: response.body });
    }
  };

  const retriedBefore = await retriedTransactions();
  const quoting = Promise.all(Array.from({ length: AT_A_TIME }, requestQuotes));
  const others = Promise.all([changeOrders(), saveProduct()]);
  await quoting.finally(() => (isDone = true));
  await others;

  const failures = answers.filter((answer) => answer.status >= 500);
  expect(failures).toEqual([]);
  // Not one deadlock, not even one the retry hid: the lock order itself holds.
  expect(await retriedTransactions()).toBe(retriedBefore);
  const quotes = answers.filter((answer) => answer.what === 'quote');
  expect(quotes.filter((answer) => answer.status === 200)).toHaveLength(REQUESTS);
  for (const what of ['status', 'revision']) {
    expect(answers.filter((a) => a.what === what && a.status === 200).length).toBeGreaterThan(0);
  }

  // Every unit is on the shelf or held by an order that is not cancelled: by its latest
  // revision once staff sent one, by its requested lines before that.
  const accounted = await queryRows<{ id: number; total: number }>(
    world.db,
    sql`with latest as (
          select distinct on (order_id) order_id, id from quote_revisions
          order by order_id, number desc),
        held as (
          select l.variant_id, l.quantity, latest.order_id from quote_revision_lines l
          join latest on latest.id = l.revision_id
          union all
          select variant_id, quantity, order_id from order_items
          where order_id not in (select order_id from latest))
        select v.id, (v.stock + coalesce(sum(h.quantity) filter (where o.status <> 'Cancelado'), 0))::int as total
        from variants v
        left join held h on h.variant_id = v.id
        left join orders o on o.id = h.order_id
        where v.product_id = ${productVariants[0]!.productId}
        group by v.id order by v.id`,
  );
  expect(accounted).toEqual(productVariants.map((variant) => ({ id: variant.id, total: STOCK })));
  // Each deadlock costs PostgreSQL's deadlock_timeout (1 s) to detect: room to see them counted.
}, 300_000);
