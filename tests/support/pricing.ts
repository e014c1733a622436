// Rows of negotiated prices written straight to the tables, for tests: companies and their
// members as the companies services store them (a row in companies, one in company_members).
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import {
  companies,
  companyMembers,
  companyPriceRules,
  variantPriceTiers,
  variants,
} from '@server/db/schema';
import { freshRut } from './rut';

/** A company of its own, without members; answers its id. */
export async function newCompany(db: Database, name = 'Empresa de prueba S.A.') {
  const [row] = await db
    .insert(companies)
    .values({ name, rut: freshRut() })
    .returning({ id: companies.id });
  return row!.id;
}

/**
 * Makes the customer a member of `companyId` (role 'member'), moving them from any other; null:
 * takes them out of their company, as leaving it does.
 */
export async function setCompanyOf(db: Database, customerId: number, companyId: number | null) {
  await db.delete(companyMembers).where(eq(companyMembers.customerId, customerId));
  if (companyId !== null) {
    await db.insert(companyMembers).values({ customerId, companyId, role: 'member' });
  }
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
