import {
  companyIdInputSchema,
  priceRuleIdInputSchema,
  priceRuleInputSchema,
} from '@shared/schemas/pricing';
import { addPriceRule, listPriceRules, removePriceRule } from '../../services/pricing/price-rules';
import { adminProcedure, router } from '../../trpc/init';

/**
 * A company's negotiated prices. Private to its members: no public page shows them, so these
 * writes leave the catalogue caches alone (no CHANGES_CATALOG).
 */
export const adminPriceRulesRouter = router({
  list: adminProcedure
    .input(companyIdInputSchema)
    .query(({ ctx, input }) => listPriceRules(ctx.db, input.companyId)),
  create: adminProcedure
    .input(priceRuleInputSchema)
    .mutation(({ ctx, input }) =>
      addPriceRule(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),
  delete: adminProcedure
    .input(priceRuleIdInputSchema)
    .mutation(({ ctx, input }) =>
      removePriceRule(ctx.db, input.id, { userId: ctx.session.user.id }),
    ),
});
