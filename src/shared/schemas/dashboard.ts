import { z } from 'zod';
import { AUDIT_ENTITY_TYPES } from '../audit';
import { pageSchema } from './page';

/** The periods the dashboard home can show; 30 days when the URL says nothing. */
export const DASHBOARD_RANGES = ['7d', '30d', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '30d';

export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '7d': 'Últimos 7 días',
  '30d': 'Últimos 30 días',
  '12m': 'Últimos 12 meses',
};

export const LOW_STOCK_DEFAULT = 5;
export const LOW_STOCK_MAX = 100_000;

export const dashboardSummaryInputSchema = z.object({
  range: z.enum(DASHBOARD_RANGES).default(DEFAULT_DASHBOARD_RANGE),
  lowStock: z.number().int().min(0).max(LOW_STOCK_MAX).default(LOW_STOCK_DEFAULT),
});
export type DashboardSummaryInput = z.input<typeof dashboardSummaryInputSchema>;

export const activityListInputSchema = z.object({
  page: pageSchema,
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  userId: z.number().int().positive().optional(),
});
export type ActivityListInput = z.input<typeof activityListInputSchema>;
