import { staffEmailOf } from '../../config';
import {
  companyTermsSchema,
  creditDeclineSchema,
  creditOrderSchema,
  manualRateSchema,
  orderIdSchema,
  payerPageSchema,
  paymentInputSchema,
  paymentReversalSchema,
} from '@shared/schemas/collections';
import { idInputSchema } from '@shared/schemas/customers';
import { pageInputSchema } from '@shared/schemas/page';
import { approveCredit, declineCredit } from '../../services/collections/credit-check';
import {
  pendingCreditReview,
  pendingCreditReviews,
} from '../../services/collections/credit-reviews';
import { exchangeRatePanel, setManualRate } from '../../services/collections/exchange-rates';
import { paymentAxis } from '../../services/collections/payment-axis';
import { orderPayment } from '../../services/collections/payment-reads';
import { recordPayment, reversePayment } from '../../services/collections/payments';
import { overdueTotal, receivables } from '../../services/collections/receivables';
import { statementOf } from '../../services/collections/statement';
import { companyCredit, setCompanyTerms } from '../../services/collections/terms';
import type { Context } from '../../trpc/context';
import { adminProcedure, router } from '../../trpc/init';

/** Staff deciding, with the store's identity for the buyer's mail and the day. */
const deciderOf = async (ctx: Context & { session: { user: { id: number } } }) => ({
  userId: ctx.session.user.id,
  staffEmail: staffEmailOf(ctx.config),
  store: await ctx.storeIdentity(),
  now: ctx.clock.now(),
});

/**
 * Credit and collections for the staff (docs/decisions/083-085): a company's terms and credit,
 * the acceptances waiting for credit, the day's exchange rate.
 */
export const adminCollectionsRouter = router({
  /** A company's terms, limit, credit used and available (its page in /dashboard/clientes). */
  credit: adminProcedure
    .input(idInputSchema)
    .query(({ ctx, input }) => companyCredit(ctx.db, input.id, ctx.clock.now())),
  setTerms: adminProcedure
    .input(companyTermsSchema)
    .mutation(({ ctx, input }) => setCompanyTerms(ctx.db, input, { userId: ctx.session.user.id })),
  /** The order's acceptance waiting for credit, for its page; null when none waits. */
  creditReview: adminProcedure
    .input(creditOrderSchema)
    .query(({ ctx, input }) => pendingCreditReview(ctx.db, input.orderId)),
  creditReviews: adminProcedure.query(({ ctx }) => pendingCreditReviews(ctx.db)),
  approveCredit: adminProcedure.input(creditOrderSchema).mutation(async ({ ctx, input }) => {
    await approveCredit(ctx.db, input.orderId, await deciderOf(ctx), paymentAxis);
  }),
  declineCredit: adminProcedure.input(creditDeclineSchema).mutation(async ({ ctx, input }) => {
    await declineCredit(ctx.db, input, await deciderOf(ctx));
  }),
  /** /dashboard/cobranzas: every payer's balance by age, with the totals. */
  receivables: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => receivables(ctx.db, ctx.clock.now(), input.page)),
  /** The dashboard home's 'Vencido' in US$. */
  overdue: adminProcedure.query(({ ctx }) => overdueTotal(ctx.db, ctx.clock.now())),
  /** A company's or a customer's statement: open orders, payments, credit (their page). */
  payer: adminProcedure
    .input(payerPageSchema)
    .query(({ ctx, input }) => statementOf(ctx.db, input.payer, ctx.clock.now())),
  /** An order's payment axis for its page; null when it is not on it. */
  orderPayment: adminProcedure
    .input(orderIdSchema)
    .query(({ ctx, input }) => orderPayment(ctx.db, input.orderId, ctx.clock.now())),
  recordPayment: adminProcedure
    .input(paymentInputSchema)
    .mutation(({ ctx, input }) =>
      recordPayment(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),
  /** A bounced cheque or a mistake: the payment stops counting, with the reason. */
  reversePayment: adminProcedure
    .input(paymentReversalSchema)
    .mutation(({ ctx, input }) =>
      reversePayment(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),
  /** Today's dollar rate (the BCU's, or the last one out of date) and the latest days. */
  rate: adminProcedure.query(({ ctx }) => exchangeRatePanel(ctx.db, ctx.clock.now())),
  /** Today's rate typed by hand when the BCU cannot be reached; logged. */
  setRate: adminProcedure
    .input(manualRateSchema)
    .mutation(({ ctx, input }) =>
      setManualRate(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),
});
