import { z } from 'zod';
import { idSchema } from './common';
import { AUDIT_ENTITY_TYPES } from '../audit';
import {
  DASHBOARD_RANGES,
  DEFAULT_DASHBOARD_RANGE,
  LOW_STOCK_DEFAULT,
  LOW_STOCK_MAX,
} from '../dashboard-ranges';
import { pageSchema } from './page';

export const dashboardSummaryInputSchema = z.object({
  range: z.enum(DASHBOARD_RANGES).default(DEFAULT_DASHBOARD_RANGE),
  lowStock: z.number().int().min(0).max(LOW_STOCK_MAX).default(LOW_STOCK_DEFAULT),
});
export type DashboardSummaryInput = z.input<typeof dashboardSummaryInputSchema>;

export const activityListInputSchema = z.object({
  page: pageSchema,
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  userId: idSchema.optional(),
});
export type ActivityListInput = z.input<typeof activityListInputSchema>;
