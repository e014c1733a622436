// URL state of the account and customers screens. Plain functions, not zod, like
// search-params.ts (docs/decisions/005-search-params-without-zod.md).
import { AWAITING_RECEIPT_FILTER, ORDER_SEARCH_MAX } from '../order-filters';
import { pageParam } from './search-params';

type Search = Record<string, unknown>;

function termParam(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text && text.length <= ORDER_SEARCH_MAX ? text : undefined;
}

/**
 * /account/pedidos?vista=empresa&filtro=por-recibir&page=2: 'Mis pedidos' or 'Todos los de la
 * empresa', every order or only those 'Por recibir'.
 */
export type AccountOrdersViewSearch = {
  vista?: 'empresa';
  filtro?: typeof AWAITING_RECEIPT_FILTER;
  page?: number;
};
export const parseAccountOrdersViewSearch = (search: Search): AccountOrdersViewSearch => ({
  vista: search.vista === 'empresa' ? 'empresa' : undefined,
  filtro: search.filtro === AWAITING_RECEIPT_FILTER ? AWAITING_RECEIPT_FILTER : undefined,
  page: pageParam(search.page),
});

/** /dashboard/clientes?vista=empresas&q=acme&page=2 */
export type StaffCustomersSearch = { vista?: 'empresas'; q?: string; page?: number };
export const parseStaffCustomersSearch = (search: Search): StaffCustomersSearch => ({
  vista: search.vista === 'empresas' ? 'empresas' : undefined,
  q: termParam(search.q),
  page: pageParam(search.page),
});

/** /dashboard/paginas?pagina=terminos */
export type LegalPagesSearch = { pagina?: 'privacidad' | 'terminos' };
export const parseLegalPagesSearch = (search: Search): LegalPagesSearch => ({
  pagina: search.pagina === 'terminos' ? 'terminos' : undefined,
});
