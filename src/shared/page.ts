// Every paginated list answers with the same shape, so one pagination control reads them all.

/** One page of a list that can grow: its rows, the total count and where this page stands. */
export type Page<T> = { items: T[]; total: number; page: number; pageCount: number };

/** Highest page number any list accepts, in the URL and in procedure inputs. */
export const PAGE_MAX = 100_000;

/** At least one page, so an empty list still reads 'Página 1 de 1'. */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

export const toPage = <T>(items: T[], total: number, page: number, pageSize: number): Page<T> => ({
  items,
  total,
  page,
  pageCount: pageCountOf(total, pageSize),
});

/**
 * A page of a list counted only up to a cap (the shop's, docs/decisions/067-*.md): with more
 * matches than the cap, `total` is the cap, `isTotalCapped` is true ('más de 10.000') and the
 * pages end at the cap.
 */
export type CappedPage<T> = Page<T> & { isTotalCapped: boolean };

/** `counted`: the matches counted up to one past the cap, so more than the cap means 'more'. */
export function toCappedPage<T>(
  items: T[],
  counted: number,
  page: number,
  pageSize: number,
  cap: number,
): CappedPage<T> {
  const total = Math.min(counted, cap);
  return { ...toPage(items, total, page, pageSize), isTotalCapped: counted > cap };
}

/** 'Mostrando 13 - 24 de 30': the first and last position of a page's rows. */
export function pageRange(page: number, pageSize: number, itemCount: number) {
  const first = (page - 1) * pageSize + 1;
  return { first, last: first + itemCount - 1 };
}
