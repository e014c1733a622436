// Staff's company price rules (admin.priceRules): listed, added and removed, each change in the
// activity log. The rules are private: adding one changes no public page, so the catalogue
// caches stay (docs/decisions/063-negotiated-prices-never-shared.md).
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import { formatDay, formatMoney, storeDay } from '@shared/format';
import { messages } from '@shared/messages';
import { ruleLabel } from '@shared/pricing';
import type { PriceRuleInput } from '@shared/schemas/pricing';
import { type Database, type Executor } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/queries';
import {
  brands,
  categories,
  companies,
  companyPriceRules,
  products,
  variants,
} from '../../db/schema';
import { fieldRefusalError } from '../../validation';
import { recordAudit } from '../infra/audit';

const ruleColumns = {
  id: companyPriceRules.id,
  companyId: companyPriceRules.companyId,
  kind: companyPriceRules.kind,
  brandId: companyPriceRules.brandId,
  categoryId: companyPriceRules.categoryId,
  variantId: companyPriceRules.variantId,
  percentOff: companyPriceRules.percentOff,
  fixedPrice: companyPriceRules.fixedPrice,
  endsOn: companyPriceRules.endsOn,
  createdAt: companyPriceRules.createdAt,
  // What the rule is about, as staff read it: a brand, a category, or 'SKU · product (variant)'.
  targetName: sql<
    string | null
  >`coalesce(${brands.name}, ${categories.name}, ${variants.sku} || ' · ' || ${products.name} || ' (' || ${variants.storage} || ' / ' || ${variants.colorName} || ')')`,
};

function rulesQuery(db: Executor) {
  return db
    .select(ruleColumns)
    .from(companyPriceRules)
    .leftJoin(brands, eq(brands.id, companyPriceRules.brandId))
    .leftJoin(categories, eq(categories.id, companyPriceRules.categoryId))
    .leftJoin(variants, eq(variants.id, companyPriceRules.variantId))
    .leftJoin(products, eq(products.id, variants.productId))
    .$dynamic();
}

/** A company's rules, oldest first (the order ties are settled in, services/pricing/price-core.ts). */
export function listPriceRules(db: Executor, companyId: number) {
  return rulesQuery(db)
    .where(eq(companyPriceRules.companyId, companyId))
    .orderBy(asc(companyPriceRules.id));
}

/** The activity log's text of a rule: 'Marca Acme: 12 %', 'Precio acordado US$ 900,00 (TD-1)'. */
function describe(rule: {
  kind: PriceRuleInput['kind'];
  percentOff: string | null;
  fixedPrice: string | null;
  targetName: string | null;
  endsOn: string | null;
}) {
  const base =
    rule.kind === 'variant'
      ? `Precio acordado ${formatMoney(rule.fixedPrice ?? '0')} (${rule.targetName ?? ''})`
      : ruleLabel(rule);
  return rule.endsOn ? `${base}, hasta el ${formatDay(rule.endsOn)}` : base;
}

/**
 * The company a rule is for, named as the activity log shows it. FOR KEY SHARE: a company
 * deleted meanwhile waits for this rule's commit and then takes it along (cascade).
 */
async function companyNamed(tx: Executor, companyId: number) {
  const [row] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('key share');
  if (!row) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.companyNotFoundStaff });
  }
  return row.name;
}

/** The variant a rule's SKU names, whatever its case; refused when no variant has it. */
async function variantBySku(tx: Executor, sku: string) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from variants where upper(sku) = upper(${sku.trim()})`,
  );
  if (!row) throw fieldRefusalError('sku', messages.priceRuleSkuUnknown);
  return Number(row.id);
}

/**
 * Adds a rule of the company; the brand, category or SKU it names must exist, and its last day
 * (Montevideo's, inclusive, like the price function reads it) must not have passed at `now`.
 */
export async function addPriceRule(
  db: Database,
  input: PriceRuleInput,
  actor: { userId: number; now: Date },
) {
  if (input.endsOn && input.endsOn < storeDay(actor.now)) {
    throw fieldRefusalError('endsOn', messages.priceRuleEndsInPast);
  }
  return db.transaction(async (tx) => {
    const companyName = await companyNamed(tx, input.companyId);
    const [created] = await tx
      .insert(companyPriceRules)
      .values({
        companyId: input.companyId,
        kind: input.kind,
        brandId: input.kind === 'brand' ? input.brandId : null,
        categoryId: input.kind === 'category' ? input.categoryId : null,
        variantId: input.kind === 'variant' ? await variantBySku(tx, input.sku) : null,
        // Both already read by the money parser as '12.50' / '1150.50' (schemas/pricing.ts).
        percentOff: input.kind === 'variant' ? null : input.percentOff,
        fixedPrice: input.kind === 'variant' ? input.fixedPrice : null,
        endsOn: input.endsOn ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: companyPriceRules.id })
      .catch((error: unknown) => {
        // The brand or category was deleted since the form listed it (a foreign key).
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
          const field = input.kind === 'brand' ? 'brandId' : 'categoryId';
          throw fieldRefusalError(field, messages.priceRuleTargetGone);
        }
        throw error;
      });
    const [rule] = await rulesQuery(tx).where(eq(companyPriceRules.id, created!.id));
    await recordAudit(tx, {
      userId: actor.userId,
      entityType: 'priceRule',
      // The company's: a rule has no page of its own, the company's page lists its rules.
      entityId: input.companyId,
      action: 'create',
      label: companyName,
      changes: { rule: { before: null, after: describe(rule!) } },
    });
    return rule!;
  });
}

/** Removes a rule; the activity log keeps what it was. */
export async function removePriceRule(db: Database, id: number, actor: { userId: number }) {
  return db.transaction(async (tx) => {
    const [rule] = await rulesQuery(tx).where(eq(companyPriceRules.id, id));
    if (!rule) throw new TRPCError({ code: 'NOT_FOUND', message: messages.priceRuleNotFound });
    const companyName = await companyNamed(tx, rule.companyId);
    await tx.delete(companyPriceRules).where(eq(companyPriceRules.id, id));
    await recordAudit(tx, {
      userId: actor.userId,
      entityType: 'priceRule',
      entityId: rule.companyId,
      action: 'delete',
      label: companyName,
      changes: { rule: { before: describe(rule), after: null } },
    });
    return { id };
  });
}
