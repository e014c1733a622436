// Apart from the page so the route's loader can use it without pulling the page (and its
// imports) into the bundle every store visitor downloads: only the route component is split.
import { DEFAULT_DASHBOARD_RANGE, LOW_STOCK_DEFAULT } from '@shared/dashboard-ranges';
import type { DashboardHomeSearch } from '@shared/schemas/search-params';

export function dashboardHomeInput(search: DashboardHomeSearch) {
  return {
    range: search.range ?? DEFAULT_DASHBOARD_RANGE,
    lowStock: search.stock ?? LOW_STOCK_DEFAULT,
  };
}
