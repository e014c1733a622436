// The arithmetic of a buyer's unit price, without the database: every candidate of a line in
// integer cents, and the most favourable one wins; nothing stacks
// (docs/decisions/062-most-favourable-price-wins.md). services/pricing.ts loads the rows and is
// the only caller; tests/unit/price-core.test.ts holds the table of cases.
import { divideHalfUp, formatCents, parseCents } from '@shared/money';
import { ruleLabel, tierLabel } from '@shared/pricing';
import type { AppliedPriceRule } from '../../db/schema';

export type PriceTier = { minQuantity: number; percentOff: string };

/** A company rule with what the line needs to know whether it applies and how to name it. */
export type PriceRule = {
  id: number;
  kind: 'brand' | 'category' | 'all' | 'variant';
  brandId: number | null;
  categoryId: number | null;
  variantId: number | null;
  percentOff: string | null;
  fixedPrice: string | null;
  /** Last day it applies ('2026-11-30', Montevideo's calendar, inclusive); null: no end. */
  endsOn: string | null;
  /** The brand's or category's name, for the label. */
  targetName: string | null;
};

export type LineIdentity = { variantId: number; brandId: number; categoryId: number };

/**
 * `listCents` less `percent` ('12.5'), rounded half up to the cent, never below one cent:
 * round_half_up(list_cents * (10000 - hundredths) / 10000).
 */
export function percentOffCents(listCents: bigint, percent: string): bigint {
  const hundredths = parseCents(percent);
  const cents = divideHalfUp(listCents * (10000n - hundredths), 10000n);
  return cents < 1n ? 1n : cents;
}

/** The rules that concern this line: its brand, its category, the whole catalogue or itself. */
export const rulesForLine = (rules: PriceRule[], line: LineIdentity) =>
  rules.filter(
    (rule) =>
      rule.kind === 'all' ||
      (rule.kind === 'brand' && rule.brandId === line.brandId) ||
      (rule.kind === 'category' && rule.categoryId === line.categoryId) ||
      (rule.kind === 'variant' && rule.variantId === line.variantId),
  );

/** Whether a rule still applies on `today` ('2026-11-22'): through its whole last day. */
export const isRuleActive = (rule: Pick<PriceRule, 'endsOn'>, today: string) =>
  rule.endsOn === null || today <= rule.endsOn;

/**
 * The unit price of `quantity` units at `listCents`: the list price, each volume tier the
 * quantity reaches, each active rule given (already matched to the line with rulesForLine). The
 * lowest wins; on a tie the earlier candidate stays (the list price, then tiers, then rules by
 * id), so a rule that saves nothing is never named.
 */
export function bestUnitPrice(
  listCents: bigint,
  quantity: number,
  tiers: PriceTier[],
  rules: PriceRule[],
  today: string,
): { unitCents: bigint; rule: AppliedPriceRule | null } {
  let best: { unitCents: bigint; rule: AppliedPriceRule | null } = {
    unitCents: listCents,
    rule: null,
  };
  const consider = (unitCents: bigint, rule: AppliedPriceRule) => {
    if (unitCents < best.unitCents) best = { unitCents, rule };
  };
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity) {
      consider(percentOffCents(listCents, tier.percentOff), {
        kind: 'tier',
        label: tierLabel(tier.minQuantity, tier.percentOff),
      });
    }
  }
  for (const rule of [...rules].sort((a, b) => a.id - b.id)) {
    if (!isRuleActive(rule, today)) continue;
    const cents =
      rule.kind === 'variant'
        ? parseCents(rule.fixedPrice ?? '0')
        : percentOffCents(listCents, rule.percentOff ?? '0');
    consider(cents < 1n ? 1n : cents, { kind: rule.kind, label: ruleLabel(rule) });
  }
  return best;
}

/** The public price of a tier (the product page's table): the list price less its percentage. */
export const tierUnitPrice = (listPrice: string, tier: PriceTier) =>
  formatCents(percentOffCents(parseCents(listPrice), tier.percentOff));
