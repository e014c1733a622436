// Several developers may run e2e suites at once: port and SPA folder can be overridden.
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@tienda.test', password: 'admin-secreto' } as const;
/**
 * The e2e store's count caps (SHOP_COUNT_CAP, SEARCH_COUNT_CAP): the demo catalogue alone is
 * past the first, so the shop's pages show 'más de 24' and stop at the second page.
 */
export const E2E_SHOP_COUNT_CAP = 24;
export const E2E_SEARCH_COUNT_CAP = 5;

/**
 * Where the e2e server's SMTP server leaves each mail it receives (one JSON file a mail), for
 * the specs to follow a mailed link as its reader would (tests/e2e/mail-helpers.ts). Derived
 * from the port on both sides, so two suites on two ports never read each other's mail.
 */
export const E2E_MAIL_DIR = path.join(tmpdir(), `tienda-e2e-correo-${E2E_PORT}`);

/** One received mail, as the e2e server writes it. */
export type E2eMail = { to: string; subject: string; text: string; receivedAt: number };
