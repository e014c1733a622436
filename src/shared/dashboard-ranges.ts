// The periods of the dashboard home, read from the URL without zod (see search-params.ts).

export const DASHBOARD_RANGES = ['7d', '30d', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '30d';

export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '7d': 'Últimos 7 días',
  '30d': 'Últimos 30 días',
  '12m': 'Últimos 12 meses',
};

/** Variants at or under this stock count as low unless the admin picks another threshold. */
export const LOW_STOCK_DEFAULT = 5;
export const LOW_STOCK_MAX = 100_000;
