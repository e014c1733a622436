// Rows of negotiated prices written straight to the tables, for tests. A customer's company is
// the stand-in customers.company_id until issue 31's companies land: then setCompanyOf creates
// the company and its membership instead, and the tests that call it stay as they are.
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { companyPriceRules, customers, variantPriceTiers, variants } from '@server/db/schema';

let companyCounter = 1000;

/** A company id no other test uses. */
export const newCompanyId = () => ++companyCounter;

/** Makes the customer a member of `companyId` (null: of none). */
export async function setCompanyOf(db: Database, customerId: number, companyId: number | null) {
  await db.update(customers).set({ companyId }).where(eq(customers.id, customerId));
}

type RuleRow = typeof companyPriceRules.$inferInsert;

/** A company rule, as admin.priceRules.create would store it. */
export async function addRule(db: Database, rule: RuleRow) {
  const [row] = await db.insert(companyPriceRules).values(rule).returning();
  return row!;
}

/** A volume price of a variant. */
export async function addTier(
  db: Database,
  variantId: number,
  minQuantity: number,
  percentOff: string,
) {
  await db.insert(variantPriceTiers).values({ variantId, minQuantity, percentOff });
}

/** The SKU the database gave a variant. */
export async function skuOf(db: Database, variantId: number) {
  const [row] = await db
    .select({ sku: variants.sku })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.sku;
}
