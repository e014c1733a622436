import type { TrpcOptions } from '@client/lib/trpc';
import type { TaxonomyKind } from '@shared/schemas/taxonomy';

/**
 * One page of a shop filter's brands or categories. The shop's loader asks for the first
 * page of each, so the server's HTML has the filters and the browser need not ask.
 */
export function taxonomyFilterOptions(trpc: TrpcOptions, kind: TaxonomyKind, page: number) {
  return trpc.catalog.taxonomies.queryOptions({ kind, page }, { staleTime: 5 * 60_000 });
}
