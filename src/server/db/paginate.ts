import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Page, toPage } from '@shared/page';

/**
 * Runs one page of a list query (built with `.$dynamic()`) beside its total count. The
 * count is a separate query so a page past the end still knows the total.
 */
export async function paginate<Query extends PgSelect>(
  query: Query,
  total: PromiseLike<number>,
  page: number,
  pageSize: number,
): Promise<Page<Awaited<Query>[number]>> {
  const [items, count] = await Promise.all([
    // limit/offset keep the query's row type; TypeScript loses it through the generic.
    query.limit(pageSize).offset((page - 1) * pageSize) as unknown as Promise<Awaited<Query>>,
    total,
  ]);
  return toPage(items, count, page, pageSize);
}
