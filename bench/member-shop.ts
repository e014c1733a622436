// A company member's shop list: pricing.shop sorted and filtered by the member's own price
// (docs/decisions/089-the-buyers-price-on-every-card.md), a private answer no cache holds. The
// company has what a real contract has: a few brands and a category off, something on
// everything, and fixed prices for some variants, so the member's price is not the list's.
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import type { Database } from '../src/server/db/client';
import { companies, companyMembers, companyPriceRules } from '../src/server/db/schema';
import { queryRows } from '../src/server/db/queries';
import { freshRut } from '../tests/support/rut';
import { type LoadPlan, trpcGet } from './measure';
import { createCustomerTokens } from './quote';
import { SHOP_BENCH_INPUT } from './seed';

const MARKER = 987654.32;

/** The bench's buyers, all members of one company with negotiated prices; their session cookies. */
async function memberCookies(db: Database, runId: string): Promise<string[]> {
  const tokens = await createCustomerTokens(db, runId);
  const [company] = await db
    .insert(companies)
    .values({ name: `Empresa bench ${runId}`, rut: freshRut() })
    .returning({ id: companies.id });
  const companyId = company!.id;
  const customers = await queryRows<{ id: number }>(
    db,
    sql`select c.id from customers c join users u on u.id = c.user_id
        where u.email like ${`bench-${runId}-%`}`,
  );
  await db
    .insert(companyMembers)
    .values(customers.map(({ id }) => ({ customerId: id, companyId, role: 'member' as const })));
  const fixed = await queryRows<{ id: number; price: string }>(
    db,
    sql`select id, (price * 0.6)::numeric(12, 2)::text as price from variants
        order by id limit 50`,
  );
  await db.insert(companyPriceRules).values([
    { companyId, kind: 'brand', brandId: 1, percentOff: '20' },
    { companyId, kind: 'brand', brandId: 3, percentOff: '12.5' },
    { companyId, kind: 'category', categoryId: 2, percentOff: '15' },
    { companyId, kind: 'all', percentOff: '5' },
    ...fixed.map((row) => ({
      companyId,
      kind: 'variant' as const,
      variantId: row.id,
      fixedPrice: row.price,
    })),
  ]);
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/**
 * The shop's bench input (five brands, a price range, sorted by price, page 50) as a member
 * asks it of pricing.shop, with a price ceiling no request has asked before (one counter
 * across all connections), so nothing could answer it from a cache.
 */
export async function memberShopPlan(db: Database): Promise<LoadPlan> {
  const cookies = await memberCookies(db, `member${Date.now().toString(36)}`);
  return {
    kind: 'unique',
    template: trpcGet('pricing.shop', { ...SHOP_BENCH_INPUT, maxPrice: MARKER }).replace(
      String(MARKER),
      '__N__',
    ),
    start: 2500,
    step: 0.01,
    headers: { cookie: cookies[0]! },
  };
}
