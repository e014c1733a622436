import { type Browser, expect, type Page, test as base } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-constants';

let customerCounter = 0;

export type TestCustomer = { fullName: string; email: string; password: string };

/** Signs up a new customer through /registro; the page ends signed in. */
export async function registerCustomer(
  page: Page,
  fullName = 'María Pérez',
): Promise<TestCustomer> {
  customerCounter += 1;
  const customer = {
    fullName,
    email: `cliente-${Date.now()}-${customerCounter}-${Math.floor(Math.random() * 1e4)}@empresa.uy`,
    password: 'secreto123',
  };
  await page.goto('/registro');
  await page.getByLabel('Nombre completo').fill(customer.fullName);
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByLabel('Contraseña').fill(customer.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
  return customer;
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
}

export const loginAsAdmin = (page: Page) => login(page, E2E_ADMIN.email, E2E_ADMIN.password);

/** Staff in a browser context of their own (the customer keeps theirs), signed in. */
export async function openAdminPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return { page, close: () => context.close() };
}

/**
 * Resolves once React has hydrated the page (src/client/main.tsx marks it `data-hydrated`):
 * a click on the server's HTML before that does nothing, and the test would wait for an
 * answer that never comes. A document without the client script (an image, a JSON or PDF
 * answer, a static error page) has nothing to hydrate.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' ||
      !document.querySelector('script[type="module"][src]'),
  );
}

const hydrating = new WeakSet<Page>();
const hydratingBrowsers = new WeakSet<Browser>();

/** Makes every navigation of `page` that loads a document resolve only once it is hydrated. */
function navigationsWaitForHydration(page: Page) {
  if (hydrating.has(page)) return;
  hydrating.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const hydrated = async <T>(navigation: Promise<T>) => {
    const response = await navigation;
    await waitForHydration(page);
    return response;
  };
  Object.assign(page, {
    goto: (...args: Parameters<Page['goto']>) => hydrated(goto(...args)),
    reload: (...args: Parameters<Page['reload']>) => hydrated(reload(...args)),
    goBack: (...args: Parameters<Page['goBack']>) => hydrated(goBack(...args)),
    goForward: (...args: Parameters<Page['goForward']>) => hydrated(goForward(...args)),
  });
}

type ToastRecord = { __shownToasts?: string[] };

/**
 * Runs in every document before its scripts: keeps the text of each toast the page shows. A
 * success toast leaves after two seconds, which polling from a busy machine can miss; the
 * page's own record cannot (expectToast reads it).
 */
function recordToasts() {
  const seen = new WeakSet<Element>();
  const shown: string[] = [];
  (window as ToastRecord).__shownToasts = shown;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      shown.push(toast.textContent ?? '');
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Expects the page to have shown a toast saying `text` (each call takes one showing). */
export async function expectToast(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const shown = (window as ToastRecord).__shownToasts ?? [];
          const index = shown.findIndex((toast) => toast.includes(wanted));
          if (index >= 0) shown.splice(index, 1);
          return index >= 0;
        }, text),
      { message: `a toast saying '${text}'` },
    )
    .toBe(true);
}

/**
 * Every context the tests open, the default page's and those a spec makes with
 * `browser.newContext()`, gives pages whose navigations wait for hydration and that record their
 * toasts; a context with JavaScript off is left alone (nothing hydrates there).
 */
function contextsWaitForHydration(browser: Browser) {
  if (hydratingBrowsers.has(browser)) return;
  hydratingBrowsers.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled === false) return context;
    await context.addInitScript(recordToasts);
    context.on('page', navigationsWaitForHydration);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      navigationsWaitForHydration(page);
      return page;
    };
    return context;
  };
}

/**
 * Fails the test on any uncaught page error, so a broken screen never passes silently; and
 * makes every page load wait for hydration (never a sleep, never a retry).
 */
export const test = base.extend<{ failOnPageError: void }, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      contextsWaitForHydration(browser);
      await use(browser);
    },
    { scope: 'worker' },
  ],
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
