import { activityListInputSchema, dashboardSummaryInputSchema } from '@shared/schemas/dashboard';
import { auditAuthors, listAudit } from '../../services/infra/audit';
import { dashboardSummary } from '../../services/dashboard/stats';
import { adminProcedure, router } from '../../trpc/init';

/** The dashboard home's figures and the activity log (read-only: entries are never edited). */
export const adminDashboardRouter = router({
  get: adminProcedure
    .input(dashboardSummaryInputSchema)
    .query(({ ctx, input }) => dashboardSummary(ctx.db, input, ctx.clock.now())),
});

export const adminActivityRouter = router({
  list: adminProcedure
    .input(activityListInputSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
  authors: adminProcedure.query(({ ctx }) => auditAuthors(ctx.db)),
});
