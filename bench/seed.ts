// A large synthetic catalogue, generated inside the database in a few set-based statements, so
// 300,000 products / 1,200,000 variants load in minutes on PostgreSQL (`--products N`).
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import type { ShopListInput } from '../src/shared/schemas/catalog';

export const BENCH_SIZE = { brands: 20, categories: 10, products: 10_000, variantsPerProduct: 4 };

/**
 * The words of the bench's never-repeated search terms, each followed by a number from one
 * counter: the seeded products' words ('Notebook modelo N') misspelt or accented the way
 * visitors type them.
 */
export const SEARCH_BENCH_WORDS = [
  'notébok',
  'monitór',
  'celulr',
  'impresóra',
  'ruter',
  'nótebook modlo',
  'Monitr',
];

/** The shop query under load: five brands, a price range, sorted, page 50. */
export const SHOP_BENCH_INPUT: ShopListInput = {
  brandIds: [1, 2, 3, 4, 5],
  minPrice: 100,
  maxPrice: 2500,
  sort: 'asc',
  page: 50,
};

/**
 * The slug of the `i`th of the hundred products the page rows rotate over, spread across a
 * catalogue of `products` so no single row stays hot.
 */
export const benchProductSlug = (i: number, products: number) =>
  `producto-${1 + ((i * 97) % products)}`;

/** The bench's search term number `k` (bench/load-worker.mjs builds the same). */
export const searchBenchTerm = (k: number) =>
  `${SEARCH_BENCH_WORDS[k % SEARCH_BENCH_WORDS.length]} ${k}`;

// A description of realistic size (~1 KB), so product pages weigh what real ones do.
const description = JSON.stringify({
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Rendimiento para la oficina' }],
    },
    ...Array.from({ length: 4 }, () => ({
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'Equipo pensado para empresas: garantía oficial, soporte local y entrega en todo Uruguay. Consultá por volumen.',
        },
      ],
    })),
  ],
});

/**
 * Runs `statements` with the session's user triggers (and foreign-key checks) off, in one
 * transaction: a bulk load computes in one statement afterwards what the row triggers would
 * have kept one row at a time (1,200,000 variant inserts each rebuilding its product's card
 * took far longer than the load itself). Bench data only; the store never does this.
 */
export async function withoutTriggers(db: Database, statements: ReturnType<typeof sql>[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/** `products` products (default BENCH_SIZE.products), four variants each. */
export async function seedLargeCatalog(
  db: Database,
  productCount: number = BENCH_SIZE.products,
): Promise<void> {
  await db.execute(sql`
    insert into brands (name)
    select 'Marca ' || lpad(i::text, 2, '0') from generate_series(1, ${BENCH_SIZE.brands}) i`);
  await db.execute(sql`
    insert into categories (name)
    select 'Categoría ' || lpad(i::text, 2, '0') from generate_series(1, ${BENCH_SIZE.categories}) i`);
  await withoutTriggers(db, [
    sql`
    insert into products (name, slug, features, description, images, brand_id, category_id, created_at)
    select
      (array['Notebook', 'Monitor', 'Celular', 'Impresora', 'Router'])[1 + i % 5] || ' modelo ' || i,
      'producto-' || i,
      '["Garantía oficial", "Soporte local", "Entrega en todo Uruguay", "Factura A"]'::jsonb,
      ${description}::jsonb,
      jsonb_build_array(
        '/uploads/products/' || i || '/' || i || '-a-1200.webp',
        '/uploads/products/' || i || '/' || i || '-b-1200.webp',
        '/uploads/products/' || i || '/' || i || '-c-1200.webp'),
      (select min(id) from brands) + i % ${BENCH_SIZE.brands},
      (select min(id) from categories) + (i / 7) % ${BENCH_SIZE.categories},
      now() - make_interval(mins => i)
    from generate_series(1, ${productCount}) i`,
    // Prices 50.00 to 3049.99 spread by two primes.
    sql`
    insert into variants (product_id, price, stock, storage, color, color_name)
    select p.id,
           50 + ((p.id::bigint * 7919 + v * 104729) % 300000) / 100.0,
           (p.id + v) % 7,
           (array['128 GB', '256 GB', '512 GB', '1 TB'])[v],
           (array['#111827', '#e5e7eb', '#1d4ed8', '#dc2626'])[1 + (p.id + v) % 4],
           (array['Negro', 'Plata', 'Azul', 'Rojo'])[1 + (p.id + v) % 4]
    from products p cross join generate_series(1, ${BENCH_SIZE.variantsPerProduct}) v`,
  ]);
  // What the variant trigger keeps (the lowest price) set once for every product; the update
  // fires products_build_card, which stores each card as a write of the store would.
  await db.execute(sql`
    update products p set min_price = m.price
    from (select product_id, min(price) as price from variants group by product_id) m
    where m.product_id = p.id`);
  // After a bulk load: fresh statistics for the planner, and (VACUUM) the dead row versions
  // the update left behind cleared and the visibility map set, so index-only scans can skip
  // the table. Autovacuum does the same on a live store, only later.
  await db.execute(sql`vacuum analyze`);
}
