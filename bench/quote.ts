// The quote scenario: 8 customers request quotes at once over 200 variants, through HTTP, for a
// few seconds; then the books must balance: for every variant, stock + quantity ordered equals
// the starting stock, and no order lacks its items. Runs inside `npm run bench` (bench/run.ts
// passes its running store) or alone: `npx tsx bench/quote.ts [--seconds 5]`.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { createSession, generateSessionToken } from '../src/server/auth/session';
import { systemClock } from '../src/server/clock';
import { buildApp } from '../src/server/app';
import { type Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import { brands, categories, products, users, variants } from '../src/server/db/schema';
import { registerCustomer } from '../src/server/services/accounts/accounts';
import type { QuoteRequestBody } from '../src/shared/schemas/order';
import { createTestDeps } from '../tests/support/context';
import { benchDatabases } from './database';

const CLIENTS = 8;
const VARIANTS = 200;
const VARIANTS_PER_PRODUCT = 4;
const INITIAL_STOCK = 30;

export type QuoteResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** How the failures answered: 'status: first words of the message' and how many times. */
  failedWith: Record<string, number>;
  bytesPerRequest: number;
  ordersCreated: number;
  stockRejections: number;
};

/** Its own products, so the balance check covers exactly the rows this scenario touched. */
export async function createVariants(db: Database, runId: string): Promise<number[]> {
  const [brand] = await db
    .insert(brands)
    .values({ name: `Bench ${runId}` })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: `Bench ${runId}` })
    .returning();
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: VARIANTS / VARIANTS_PER_PRODUCT }, (_, index) => ({
        name: `Cotización bench ${runId} ${index + 1}`,
        slug: `cotizacion-bench-${runId}-${index + 1}`,
        description: { type: 'doc', content: [] },
        brandId: brand!.id,
        categoryId: category!.id,
      })),
    )
    .returning({ id: products.id });
  const rows = await db
    .insert(variants)
    .values(
      productRows.flatMap((product) =>
        Array.from({ length: VARIANTS_PER_PRODUCT }, (_, index) => ({
          productId: product.id,
          price: `${(index + 1) * 99}.90`,
          stock: INITIAL_STOCK,
          storage: `${128 * (index + 1)} GB`,
          color: '#222222',
          colorName: 'Grafito',
        })),
      ),
    )
    .returning({ id: variants.id });
  return rows.map((row) => row.id);
}

export async function createCustomerTokens(db: Database, runId: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const userId = await registerCustomer(db, {
      email: `bench-${runId}-${index}@empresa.uy`,
      password: 'bench-secreto',
      fullName: `Cliente bench ${index}`,
    });
    // Buyers who confirmed their address: an unconfirmed account may hold only a few units
    // (docs/decisions/061-verified-email.md), and eight clients ordering non-stop would be refused for it.
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    const token = generateSessionToken();
    await createSession(db, token, userId, systemClock.now());
    tokens.push(token);
  }
  return tokens;
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

function randomCart(variantIds: number[]): QuoteRequestBody['items'] {
  const lines = 1 + Math.floor(Math.random() * 3);
  return Array.from({ length: lines }, () => ({
    variantId: pick(variantIds),
    quantity: 1 + Math.floor(Math.random() * 3),
  }));
}

/** Nearest-rank percentile of sorted latencies. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

/** Throws when any variant's stock and ordered quantity do not add up, or an order is empty. */
async function verifyBalance(db: Database, variantIds: number[]) {
  const rows = await queryRows<{ id: number; stock: number; ordered: number }>(
    db,
    sql`select variants.id, variants.stock, coalesce(sum(i.quantity), 0)::int as ordered
        from variants left join order_items i on i.variant_id = variants.id
        where ${inArray(variants.id, variantIds)}
        group by variants.id`,
  );
  const unbalanced = rows.filter((row) => row.stock + row.ordered !== INITIAL_STOCK);
  if (rows.length !== variantIds.length || unbalanced.length > 0) {
    throw new Error(`stock does not balance for ${unbalanced.length} variants`);
  }
  const [empty] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  if (empty!.count > 0) throw new Error(`${empty!.count} orders have no items`);
}

export async function quoteScenario(
  ctx: { baseUrl: string; db: Database; seconds?: number } | undefined = undefined,
): Promise<QuoteResult> {
  const own = ctx ? undefined : await startOwnStore();
  const { baseUrl, db } = ctx ?? own!;
  const seconds = ctx?.seconds ?? 5;
  try {
    const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const variantIds = await createVariants(db, runId);
    const tokens = await createCustomerTokens(db, runId);

    const latencies: number[] = [];
    let ordersCreated = 0;
    let stockRejections = 0;
    let failures = 0;
    const failedWith: Record<string, number> = {};
    let bytes = 0;
    let sequence = 0;
    const deadline = Date.now() + seconds * 1000;

    const client = async (token: string) => {
      while (Date.now() < deadline) {
        const input: QuoteRequestBody = {
          email: 'compras@empresa.uy',
          items: randomCart(variantIds),
          idempotencyKey: `${runId}-${++sequence}`,
        };
        const started = performance.now();
        const response = await fetch(`${baseUrl}/trpc/orders.requestQuote`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `${SESSION_COOKIE}=${token}`,
            // Same-origin writes only (src/server/http/origin-check.ts).
            origin: baseUrl,
          },
          body: JSON.stringify({ json: input }),
        });
        const text = await response.text();
        latencies.push(performance.now() - started);
        bytes += text.length;
        if (response.ok) ordersCreated++;
        else if (response.status === 409 && text.includes('Stock insuficiente')) stockRejections++;
        else {
          failures++;
          const reason = `${response.status}: ${/"message":"([^"]{0,60})/.exec(text)?.[1] ?? ''}`;
          failedWith[reason] = (failedWith[reason] ?? 0) + 1;
        }
      }
    };
    const startedAt = performance.now();
    await Promise.all(tokens.map(client));
    const elapsedSeconds = (performance.now() - startedAt) / 1000;

    await verifyBalance(db, variantIds);
    latencies.sort((a, b) => a - b);
    return {
      rps: ordersCreated / elapsedSeconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requests: latencies.length,
      failures,
      failedWith,
      bytesPerRequest: latencies.length ? bytes / latencies.length : 0,
      ordersCreated,
      stockRejections,
    };
  } finally {
    await own?.close();
  }
}

/** Alone: a fresh database (PGlite, or Postgres with DATABASE_URL) and the app on a free port. */
async function startOwnStore() {
  const databaseUrl = process.env.DATABASE_URL;
  const [open] = benchDatabases(databaseUrl, databaseUrl ? 'postgres' : 'pglite');
  const database = await open!();
  const app = await buildApp(createTestDeps(database.db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
  const seconds = Number(values.seconds);
  const store = await startOwnStore();
  console.log(
    `quote scenario on ${store.kind}: ${CLIENTS} clients, ${VARIANTS} variants, ${seconds} s`,
  );
  quoteScenario({ baseUrl: store.baseUrl, db: store.db, seconds })
    .then((result) => {
      console.log(
        `orders/s ${result.rps.toFixed(1)}  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  ` +
          `orders ${result.ordersCreated}  'Stock insuficiente' ${result.stockRejections}  ` +
          `failures ${result.failures}  balance verified`,
      );
      return store.close();
    })
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
