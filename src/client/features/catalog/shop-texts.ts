import { SHOP_PAGE_SIZE } from '@shared/catalog-limits';

/** 'N producto(s) encontrado(s) para "term"' or 'N producto(s) disponible(s)'. */
export function resultsText(total: number, search: string | undefined): string {
  return search
    ? `${total} producto(s) encontrado(s) para "${search}"`
    : `${total} producto(s) disponible(s)`;
}

/** 'Mostrando 13 - 24 de 30 productos', twelve a page (docs/decisions/010-page-sizes.md). */
export function showingText(page: number, itemsOnPage: number, total: number): string {
  const from = (page - 1) * SHOP_PAGE_SIZE + 1;
  const to = from + itemsOnPage - 1;
  return `Mostrando ${from} - ${to} de ${total} productos`;
}
