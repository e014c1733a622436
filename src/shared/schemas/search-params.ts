// The state each page keeps in its URL, read by the routes' validateSearch.
// Deliberately plain functions, not zod: every route's validateSearch ships in the first
// bundle, and zod there costs about 25 KB gzip of the home page's 200 KB budget
// (docs/decisions/005-search-params-without-zod.md). A malformed value is dropped rather
// than failing the page, so a stale or hand-edited link still opens.
import { PAGE_MAX } from '../page';
import { FILTER_IDS_MAX, PRICE_MAX, PRICE_SORTS, SEARCH_TERM_MAX } from '../catalog-limits';
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '../audit';
import { DASHBOARD_RANGES, type DashboardRange, LOW_STOCK_MAX } from '../dashboard-ranges';
import {
  DISPATCH_FILTERS,
  type DispatchFilter,
  isCalendarDay,
  ORDER_SEARCH_MAX,
} from '../order-filters';
import { ORDER_STATUSES } from '../order-status';
import type { DeskPageSize } from '../staff-desk';
import type { ShopListInput } from './catalog';
import {
  CFE_KINDS,
  CFE_SEARCH_MAX,
  CFE_STATE_FILTER_VALUES,
  type CfeKind,
  type CfeStateFilter,
} from '../cfe';

type Search = Record<string, unknown>;

const toNumber = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim()
      ? Number(value)
      : NaN;

/** A page number >= 1, or undefined. */
export function pageParam(value: unknown): number | undefined {
  const page = toNumber(value);
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : undefined;
}

/** A numeric id route param ('/pedidos/12'); anything else reads as 0, which no row has. */
export function idParam(value: unknown): number {
  const id = toNumber(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

function textParam(value: unknown, max = SEARCH_TERM_MAX): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text.length <= max ? text : undefined;
}

function priceParam(value: unknown): number | undefined {
  const price = toNumber(value);
  return Number.isFinite(price) && price >= 0 && price <= PRICE_MAX ? price : undefined;
}

function idListParam(value: unknown): number[] | undefined {
  if (!Array.isArray(value) || value.length > FILTER_IDS_MAX) return undefined;
  const ids = value.map(toNumber);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** /tienda?search=...&brands=[1,2]&categories=[3]&min=100&max=900&sort=asc&page=2 */
export type ShopSearchParams = {
  search?: string;
  brands?: number[];
  categories?: number[];
  min?: number;
  max?: number;
  sort?: (typeof PRICE_SORTS)[number];
  page?: number;
};
export const parseShopSearch = (search: Search): ShopSearchParams => ({
  search: textParam(search.search),
  brands: idListParam(search.brands),
  categories: idListParam(search.categories),
  min: priceParam(search.min),
  max: priceParam(search.max),
  sort: oneOf(PRICE_SORTS, search.sort),
  page: pageParam(search.page),
});

/** The catalogue.list input that a shop URL stands for. */
export function shopListInputFromParams(params: ShopSearchParams): ShopListInput {
  return {
    search: params.search || undefined,
    brandIds: params.brands ?? [],
    categoryIds: params.categories ?? [],
    minPrice: params.min ?? null,
    maxPrice: params.max ?? null,
    sort: params.sort ?? null,
    page: params.page ?? 1,
  };
}

/** ?page=2 of the blog list and the blog admin table. */
export const parsePageSearch = (search: Search): { page?: number } => ({
  page: pageParam(search.page),
});

// Quote requests are handled from the orders queue (docs/decisions/092-one-desk-for-quotes.md):
// an old '?tab=cotizaciones' link opens the contact messages.
export const INBOX_TABS = ['mensajes', 'suscriptores', 'correos'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
/** /dashboard/mensajes?tab=suscriptores&page=2 */
export const parseInboxSearch = (search: Search): { tab?: InboxTab; page?: number } => ({
  tab: oneOf(INBOX_TABS, search.tab),
  page: pageParam(search.page),
});

/** /dashboard/productos?q=...&page=2 */
export type ProductsSearch = { q?: string; page?: number };
export const parseProductsSearch = (search: Search): ProductsSearch => ({
  q: textParam(search.q),
  page: pageParam(search.page),
});

/** /account/pedidos?page=2 */
export type AccountOrdersSearch = { page?: number };
export const parseAccountOrdersSearch = (search: Search): AccountOrdersSearch => ({
  page: pageParam(search.page),
});

/** A 'YYYY-MM-DD' day, or undefined. */
function dayParam(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDay(value) ? value : undefined;
}

/**
 * /dashboard/ordenes?q=acme&desde=2026-11-01&hasta=2026-11-23&status=Concretado&despacho=pendiente&page=2
 */
export type AdminOrdersSearch = {
  q?: string;
  desde?: string;
  hasta?: string;
  status?: (typeof ORDER_STATUSES)[number];
  despacho?: DispatchFilter;
  page?: number;
  /** 25 (left out), 50 or 100 a page (docs/decisions/092-one-desk-for-quotes.md). */
  porPagina?: Exclude<DeskPageSize, 25>;
  /** 'Mis órdenes': only the orders the viewer is 'Responsable' of. */
  mias?: true;
};
/** The URL's page size: 50 or 100, and the default (25, or anything else) left out. */
export const deskPageSize = (value: unknown) => {
  const size = toNumber(value);
  return size === 50 ? 50 : size === 100 ? 100 : undefined;
};
export const parseAdminOrdersSearch = (search: Search): AdminOrdersSearch => ({
  porPagina: deskPageSize(search.porPagina),
  mias: search.mias === true || search.mias === 'true' || search.mias === '1' ? true : undefined,
  q: textParam(search.q, ORDER_SEARCH_MAX) || undefined,
  desde: dayParam(search.desde),
  hasta: dayParam(search.hasta),
  status: oneOf(ORDER_STATUSES, search.status),
  despacho: oneOf(DISPATCH_FILTERS, search.despacho),
  page: pageParam(search.page),
});

/** The admin.orders filter (and CSV export query) that an orders-list URL stands for. */
export const adminOrdersFilterFromParams = (params: AdminOrdersSearch) => ({
  search: params.q,
  from: params.desde,
  to: params.hasta,
  status: params.status,
  dispatch: params.despacho,
});

/** /dashboard/comprobantes?q=acme&tipo=111&estado=pendiente&desde=2026-11-01&hasta=2026-11-30&page=2 */
export type CfeListSearch = {
  q?: string;
  tipo?: CfeKind;
  estado?: CfeStateFilter;
  desde?: string;
  hasta?: string;
  page?: number;
  /** 25 (left out), 50 or 100 a page, as the orders list. */
  porPagina?: Exclude<DeskPageSize, 25>;
};
export const parseCfeListSearch = (search: Search): CfeListSearch => ({
  q: textParam(search.q, CFE_SEARCH_MAX) || undefined,
  tipo: CFE_KINDS.find((kind) => kind === toNumber(search.tipo)),
  estado: oneOf(CFE_STATE_FILTER_VALUES, search.estado),
  desde: dayParam(search.desde),
  hasta: dayParam(search.hasta),
  page: pageParam(search.page),
  porPagina: deskPageSize(search.porPagina),
});

/** The admin.invoices.list filter (and the CSV's) that a 'Comprobantes' URL stands for. */
export const cfeListFilterFromParams = (params: CfeListSearch) => ({
  search: params.q,
  kind: params.tipo,
  state: params.estado,
  from: params.desde,
  to: params.hasta,
});

/** /dashboard?range=7d&stock=3 */
export type DashboardHomeSearch = { range?: DashboardRange; stock?: number };
export function parseDashboardHomeSearch(search: Search): DashboardHomeSearch {
  const stock = toNumber(search.stock);
  return {
    range: oneOf(DASHBOARD_RANGES, search.range),
    stock: Number.isInteger(stock) && stock >= 0 && stock <= LOW_STOCK_MAX ? stock : undefined,
  };
}

/** /dashboard/actividad?type=product&admin=3&page=2 */
export type ActivitySearch = { type?: AuditEntityType; admin?: number; page?: number };
export const parseActivitySearch = (search: Search): ActivitySearch => ({
  type: oneOf(AUDIT_ENTITY_TYPES, search.type),
  admin: pageParam(search.admin),
  page: pageParam(search.page),
});

/**
 * A path of this site: one leading slash, then no second slash or backslash (browsers read
 * '//x' and '/\x' as another host) and no control characters (browsers drop tabs and line
 * breaks, which would join '/\t/x' into '//x').
 */
const isSitePath = (path: string) =>
  /^\/(?![/\\])/.test(path) &&
  ![...path].some((char) => char === '\\' || char.charCodeAt(0) < 32 || char === '\u007f');

/** `?redirect=/checkout`: where to go after signing in; only paths of this site. */
export const parseAuthSearch = (search: Search): { redirect?: string } => {
  const redirect = textParam(search.redirect, 2000);
  return { redirect: redirect && isSitePath(redirect) ? redirect : undefined };
};

/**
 * /comprobantes/verificar?serie=A&numero=12&codigo=Ab3+x/: values that only fill the form in,
 * which checks them like anything typed (docs/decisions/097-e-ticket-verification.md).
 */
export type CfeVerifySearch = { serie?: string; numero?: string; codigo?: string };
export const parseCfeVerifySearch = (search: Search): CfeVerifySearch => ({
  serie: textParam(search.serie, 10),
  numero: textParam(search.numero, 20),
  codigo: textParam(search.codigo, 20),
});
