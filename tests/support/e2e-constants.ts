// Several developers may run e2e suites at once: port and SPA folder can be overridden.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@tienda.test', password: 'admin-secreto' } as const;
