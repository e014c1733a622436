// Apart from the page so the route's loader can use it without pulling the page (and its
// imports) into the bundle every store visitor downloads: only the route component is split.
import type { ActivitySearch } from '@shared/schemas/search-params';

export const activityInput = (search: ActivitySearch) => ({
  page: search.page ?? 1,
  entityType: search.type,
  userId: search.admin,
});
