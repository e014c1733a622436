// Several developers may run e2e suites at once: port and SPA folder can be overridden.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@tienda.test', password: 'admin-secreto' } as const;
/**
 * The e2e store's count caps (SHOP_COUNT_CAP, SEARCH_COUNT_CAP): the demo catalogue alone is
 * past the first, so the shop's pages show 'más de 24' and stop at the second page.
 */
export const E2E_SHOP_COUNT_CAP = 24;
export const E2E_SEARCH_COUNT_CAP = 5;
