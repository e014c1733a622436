// Shared steps of the checkout and dashboard-orders specs: catalogue reads through the public
// API (to know stock before and after) and the cart as the browser stores it.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectToast, openAdminPage } from '../support/fixtures';

type Variant = { id: number; stock: number; price: string; storage: string; colorName: string };
type Product = { id: number; slug: string; name: string; images?: string[]; variants: Variant[] };

async function trpcQuery<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const response = await request.get(`/trpc/${path}?input=${query}`);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

export const productBySlug = (request: APIRequestContext, slug: string) =>
  trpcQuery<Product & { images: string[] }>(request, 'catalog.get', { slug });

/**
 * `count` shop products whose every variant has at least `minStock` units, newest first, or
 * the cheapest first when the amount matters (an e-Ticket above DGI's threshold needs the
 * buyer's cédula, and in a full run other specs add dearer products).
 */
export async function inStockProducts(
  request: APIRequestContext,
  count: number,
  minStock = 3,
  order: 'newest' | 'cheapest' = 'newest',
) {
  const page = await trpcQuery<{ items: Product[] }>(request, 'catalog.list', {
    page: 1,
    ...(order === 'cheapest' ? { sort: 'asc' } : {}),
  });
  const products = page.items.filter((product) =>
    product.variants.every((variant) => variant.stock >= minStock),
  );
  expect(products.length).toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

export async function variantStock(request: APIRequestContext, slug: string, variantId: number) {
  const product = await productBySlug(request, slug);
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant) throw new Error(`variant ${variantId} not found in ${slug}`);
  return variant.stock;
}

export type CartLine = { variantId: number; productId: string; name: string; quantity: number };

export async function readCart(page: Page): Promise<CartLine[]> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('cart-store');
    return stored ? (JSON.parse(stored) as { state: { items: CartLine[] } }).state.items : [];
  });
}

/** Adds the product's preselected variant through its page, as a customer would. */
export async function addFromProductPage(page: Page, slug: string) {
  await page.goto(`/producto/${slug}`);
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  await expectToast(page, 'Producto añadido al carrito');
}

/**
 * Puts an exact quantity of one variant in the cart (the product page caps its stepper at the
 * stock, and tests here need more than is left). Prices in the cart are display-only.
 */
export async function seedCart(page: Page, product: Product, variant: Variant, quantity: number) {
  const item = {
    variantId: variant.id,
    productId: product.slug,
    name: product.name,
    image: product.images?.[0] ?? '',
    color: variant.colorName,
    storage: variant.storage,
    price: variant.price,
    quantity,
  };
  await page.goto('/');
  await page.evaluate((line) => {
    const totalAmount = (Math.round(Number(line.price) * 100) * line.quantity) / 100;
    localStorage.setItem(
      'cart-store',
      JSON.stringify({
        state: {
          items: [line],
          totalItemsInCart: line.quantity,
          totalAmount: totalAmount.toFixed(2),
        },
        version: 0,
      }),
    );
  }, item);
}

/** Submits the checkout form and returns the new order's id from the thank-you URL. */
export async function requestQuote(page: Page): Promise<number> {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
  return Number(/\/checkout\/(\d+)\//.exec(page.url())![1]);
}

/** The signed-in customer asks a quote for one unit of an in-stock product; its order's id. */
export async function requestQuoteForOneProduct(page: Page): Promise<number> {
  const [product] = await inStockProducts(page.request, 1);
  await addFromProductPage(page, product!.slug);
  return requestQuote(page);
}

/** Staff open the order's revision editor ('Preparar cotización') in their own context. */
export async function openRevisionEditor(browser: Browser, orderId: number) {
  const admin = await openAdminPage(browser);
  await admin.page.goto(`/dashboard/ordenes/${orderId}`);
  await admin.page.getByRole('button', { name: 'Preparar cotización' }).click();
  return admin;
}

/** 360 and 1440 pixels wide screenshots when E2E_SCREENSHOTS names a folder. */
export async function screenshots(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  // Toasts float over the page and leave by themselves: wait, so they hide nothing.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 8_000 });
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    // The page itself must not scroll sideways (a wide table may scroll inside its own box);
    // when it does, name the elements that stick out so the failure says where to look.
    const overflowing = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= limit) return [];
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > limit + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120));
    });
    expect(overflowing, `${name} overflows horizontally at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
