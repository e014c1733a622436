import { describe, expect, it } from 'vitest';
import { ordersCsvHref } from '@client/features/dashboard-orders/admin-orders';
import { parseAccountOrdersViewSearch } from '@shared/schemas/account-search-params';
import {
  adminOrdersFilterFromParams,
  idParam,
  pageParam,
  parseAccountOrdersSearch,
  parseAdminOrdersSearch,
  parseCfeListSearch,
  parseAuthSearch,
  parseInboxSearch,
  parsePageSearch,
  parseProductsSearch,
  parseShopSearch,
  shopListInputFromParams,
} from '@shared/schemas/search-params';

describe('pageParam', () => {
  it('reads whole pages from 1 up to the maximum, from numbers or text', () => {
    expect(pageParam(1)).toBe(1);
    expect(pageParam('7')).toBe(7);
    expect(pageParam(100_000)).toBe(100_000);
  });

  it('drops anything else', () => {
    for (const value of [0, -1, 1.5, '2.5', 'dos', '', '  ', 100_001, null, undefined, [2], {}]) {
      expect(pageParam(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('idParam', () => {
  it('reads a positive whole id and turns anything else into 0, which no row has', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam(3)).toBe(3);
    for (const value of ['0', '-4', '1e400', 'abc', '', '3.2', undefined]) {
      expect(idParam(value), String(value)).toBe(0);
    }
  });
});

describe('parseShopSearch', () => {
  it('keeps every well-formed value', () => {
    expect(
      parseShopSearch({
        search: '  notebook ',
        brands: [1, '2'],
        categories: [3],
        min: '100',
        max: 900.5,
        sort: 'asc',
        page: '2',
      }),
    ).toEqual({
      search: 'notebook',
      brands: [1, 2],
      categories: [3],
      min: 100,
      max: 900.5,
      sort: 'asc',
      page: 2,
    });
  });

  it('drops malformed values one by one, so a stale link still opens', () => {
    expect(
      parseShopSearch({
        search: 'x'.repeat(101),
        brands: [1, 'dos'],
        categories: 'tres',
        min: -5,
        max: 'mucho',
        sort: 'random',
        page: 0,
      }),
    ).toEqual({
      search: undefined,
      brands: undefined,
      categories: undefined,
      min: undefined,
      max: undefined,
      sort: undefined,
      page: undefined,
    });
    expect(parseShopSearch({ brands: Array.from({ length: 51 }, (_, i) => i + 1) }).brands).toBe(
      undefined,
    );
    expect(parseShopSearch({ max: 10_000_001 }).max).toBeUndefined();
  });

  it('turns the URL state into the catalogue query, with its defaults', () => {
    expect(shopListInputFromParams({})).toEqual({
      search: undefined,
      brandIds: [],
      categoryIds: [],
      minPrice: null,
      maxPrice: null,
      sort: null,
      page: 1,
    });
    expect(
      shopListInputFromParams({ search: '', brands: [4], min: 0, sort: 'desc', page: 3 }),
    ).toEqual({
      search: undefined,
      brandIds: [4],
      categoryIds: [],
      minPrice: 0,
      maxPrice: null,
      sort: 'desc',
      page: 3,
    });
  });
});

describe('the dashboard and account lists', () => {
  it('read their page, tab, status and search term', () => {
    expect(parsePageSearch({ page: '3' })).toEqual({ page: 3 });
    expect(parseAccountOrdersSearch({ page: 'x' })).toEqual({ page: undefined });
    expect(parseInboxSearch({ tab: 'suscriptores', page: 2 })).toEqual({
      tab: 'suscriptores',
      page: 2,
    });
    // Quote requests moved to the orders queue (decision 092): an old link opens the messages.
    expect(parseInboxSearch({ tab: 'cotizaciones' })).toEqual({ tab: undefined, page: undefined });
    expect(parseAdminOrdersSearch({ porPagina: '50', mias: 'true' })).toMatchObject({
      porPagina: 50,
      mias: true,
    });
    expect(parseAdminOrdersSearch({ porPagina: '30' }).porPagina).toBeUndefined();
    expect(parseInboxSearch({ tab: 'spam' }).tab).toBeUndefined();
    expect(parseProductsSearch({ q: ' monitor ', page: '1' })).toEqual({ q: 'monitor', page: 1 });
    expect(parseAdminOrdersSearch({ status: 'Cancelado', page: 4 })).toEqual({
      status: 'Cancelado',
      page: 4,
    });
    expect(parseAdminOrdersSearch({ status: 'Pagado' }).status).toBeUndefined();
  });

  it("read the orders list's 'Despacho': a fulfilment state or 'pendiente', for the list and CSV", () => {
    for (const despacho of [
      'Por despachar',
      'Despachado parcialmente',
      'Despachado',
      'Entregado',
      'pendiente',
    ]) {
      expect(parseAdminOrdersSearch({ despacho }).despacho).toBe(despacho);
    }
    for (const despacho of ['Pendiente', 'Enviado', '', 3, ['pendiente']]) {
      expect(parseAdminOrdersSearch({ despacho }).despacho, String(despacho)).toBeUndefined();
    }
    expect(
      adminOrdersFilterFromParams(
        parseAdminOrdersSearch({ status: 'Concretado', despacho: 'pendiente', page: 2 }),
      ),
    ).toEqual({
      search: undefined,
      from: undefined,
      to: undefined,
      status: 'Concretado',
      dispatch: 'pendiente',
    });
    // 'Exportar CSV' carries it, so the file holds the orders the list shows.
    expect(ordersCsvHref({ despacho: 'Despachado parcialmente', page: 3 })).toBe(
      '/api/admin/orders.csv?despacho=Despachado+parcialmente',
    );
  });

  it("read 'Mis pedidos' or the company's, and 'Por recibir'", () => {
    expect(
      parseAccountOrdersViewSearch({ vista: 'empresa', filtro: 'por-recibir', page: '2' }),
    ).toEqual({ vista: 'empresa', filtro: 'por-recibir', page: 2 });
    expect(parseAccountOrdersViewSearch({ vista: 'todas', filtro: 'recibidos' })).toEqual({
      vista: undefined,
      filtro: undefined,
      page: undefined,
    });
  });
});

describe('parseAuthSearch (?redirect= after signing in)', () => {
  it('keeps a path of this site, with its query', () => {
    expect(parseAuthSearch({ redirect: '/checkout' })).toEqual({ redirect: '/checkout' });
    expect(parseAuthSearch({ redirect: '/tienda?page=2&sort=asc' })).toEqual({
      redirect: '/tienda?page=2&sort=asc',
    });
  });

  it('refuses every way out to another site', () => {
    for (const redirect of [
      '//evil.com',
      '//evil.com/checkout',
      'https://evil.com',
      'http://evil.com/',
      'https:evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '\\/evil.com',
      'javascript:alert(1)',
      'evil.com',
      ' //evil.com',
      '/\t/evil.com',
      '',
    ]) {
      expect(parseAuthSearch({ redirect }).redirect, JSON.stringify(redirect)).toBeUndefined();
    }
  });

  it('ignores a redirect that is not text or is too long', () => {
    expect(parseAuthSearch({ redirect: ['/checkout'] }).redirect).toBeUndefined();
    expect(parseAuthSearch({ redirect: `/${'a'.repeat(2000)}` }).redirect).toBeUndefined();
    expect(parseAuthSearch({}).redirect).toBeUndefined();
  });
});

describe('parseCfeListSearch', () => {
  it("reads 'Comprobantes' filters: a known kind and DGI state, real days, a page size", () => {
    expect(
      parseCfeListSearch({
        q: ' acme ',
        tipo: '111',
        estado: 'pendiente',
        desde: '2026-11-01',
        hasta: '2026-11-30',
        page: '2',
        porPagina: '100',
      }),
    ).toEqual({
      q: 'acme',
      tipo: 111,
      estado: 'pendiente',
      desde: '2026-11-01',
      hasta: '2026-11-30',
      page: 2,
      porPagina: 100,
    });
    // A stale or hand-edited link still opens, without what it cannot read.
    expect(
      parseCfeListSearch({ tipo: '999', estado: 'Aceptado', desde: '2026-02-30', q: '' }),
    ).toEqual({});
  });
});
