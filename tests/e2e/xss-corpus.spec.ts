// Stored XSS: a published corpus of payloads goes into every text a visitor, customer or admin
// can store — product name, brand, features, variants and rich-text description, blog post,
// contact message, checkout message — and every page that shows them must render them as
// text: no script runs (the payloads call `__xss()`, which counts), no dialog opens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';

// The store's Content-Security-Policy already blocks inline scripts and handlers; it is switched
// off here so the test proves the pages themselves never turn stored text into markup.
test.use({ bypassCSP: true });

const PAYLOADS = readFileSync(path.resolve('tests/e2e/fixtures/xss-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** Writes go through the API as the store's own pages send them (the CSRF check wants it). */
const SAME_ORIGIN = { origin: E2E_BASE_URL };

async function mutate<T>(request: APIRequestContext, procedure: string, input: unknown) {
  const response = await request.post(`/trpc/${procedure}`, {
    headers: SAME_ORIGIN,
    data: { json: input },
  });
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function query<T>(request: APIRequestContext, procedure: string, input: unknown) {
  const encoded = encodeURIComponent(JSON.stringify({ json: input }));
  const response = await request.get(`/trpc/${procedure}?input=${encoded}`);
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The payloads joined by line breaks, in as few texts of at most `max` characters as fit. */
function packed(max: number) {
  const texts: string[] = [];
  for (const payload of PAYLOADS) {
    const last = texts.at(-1);
    if (last !== undefined && last.length + 1 + payload.length <= max) {
      texts[texts.length - 1] = `${last}\n${payload}`;
    } else texts.push(payload);
  }
  return texts;
}

type Watch = { dialogs: string[] };

/** Counts every `__xss()` call and every dialog of the page, from before its first script. */
async function watch(page: Page): Promise<Watch> {
  const watched: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const target = window as unknown as { __xss: () => void; __xssRan?: number };
    target.__xss = () => {
      target.__xssRan = (target.__xssRan ?? 0) + 1;
    };
  });
  return watched;
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();
const pageText = async (page: Page) => normalized(await page.locator('body').innerText());
const scriptsRan = (page: Page) =>
  page.evaluate(() => (window as unknown as { __xssRan?: number }).__xssRan ?? 0);

/** Opens `url`, waits for every expected text to show as text, then checks nothing ran. */
async function expectInert(page: Page, watched: Watch, url: string, shown: string[]) {
  await page.goto(url);
  for (const text of shown) {
    await expect.poll(() => pageText(page), `${url} shows ${text}`).toContain(normalized(text));
  }
  // Handlers such as onerror fire once their (failing) loads settle.
  await page.waitForLoadState('networkidle');
  expect(await scriptsRan(page), `payloads executed on ${url}`).toBe(0);
  expect(watched.dialogs, `dialogs opened on ${url}`).toEqual([]);
}

test('the watch catches a payload that does run (control)', async ({ page }) => {
  const watched = await watch(page);
  await page.goto('/');
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="__xss()">');
  });
  await expect.poll(() => scriptsRan(page)).toBe(1);
  await page.evaluate(() => setTimeout(() => alert('XSS'), 0));
  await expect.poll(() => watched.dialogs).toEqual(['XSS']);
});

test('the payload corpus is stored everywhere and shown as text everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  const stamp = Date.now();
  const admin = await watch(page);
  await loginAsAdmin(page);

  // A brand and a product carrying payloads in every text field.
  const brandName = `${stamp} <svg/onload=__xss()>`;
  const brand = await mutate<{ id: number }>(page.request, 'admin.taxonomies.create', {
    kind: 'brand',
    name: brandName,
  });
  const { categories } = await query<{ categories: { id: number }[] }>(
    page.request,
    'admin.taxonomies.options',
    undefined,
  );
  const product = {
    name: `Producto ${stamp} ${PAYLOADS[0]}`,
    slug: `xss-${stamp}`,
    brandId: brand.id,
    categoryId: categories[0]!.id,
    features: PAYLOADS.slice(0, 30),
    description: {
      type: 'doc',
      content: PAYLOADS.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
    },
    variants: [
      {
        stock: 100,
        price: 10,
        storage: '<img src=x onerror=__xss()>',
        color: '#000000',
        colorName: '<svg onload=__xss()>',
      },
    ],
    images: [{ upload: 'nueva-a' }],
  };
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#cc3333' },
  })
    .png()
    .toBuffer();
  const saved = await page.request.post('/api/admin/products', {
    headers: SAME_ORIGIN,
    multipart: {
      product: JSON.stringify(product),
      'nueva-a': { name: 'xss.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { slug } = (await saved.json()) as { slug: string };

  // A published post: a payload in the title, the whole corpus in the body.
  const postTitle = `Entrada ${stamp} ${PAYLOADS[2]}`;
  const post = await page.request.post('/api/admin/posts', {
    headers: SAME_ORIGIN,
    multipart: { title: postTitle, content: PAYLOADS.join('\n'), status: 'published' },
  });
  expect(post.status(), await post.text()).toBe(201);
  const { slug: postSlug } = (await post.json()) as { slug: string };

  // A visitor's contact message and a customer's quote requests (one per 2,000 characters).
  const contactName = `Contacto ${stamp} ${PAYLOADS[40]}`;
  const contactMessage = packed(5000)[0]!;
  const customerContext = await browser.newContext({ baseURL: E2E_BASE_URL, bypassCSP: true });
  const customerPage = await customerContext.newPage();
  const customerWatch = await watch(customerPage);
  // A person's name takes only letters, digits and common signs, so no payload reaches one
  // (docs/decisions/077-what-a-quote-prints.md): the free texts below carry them.
  const customer = await registerCustomer(customerPage, `Cliente ${stamp}`);
  await mutate(customerPage.request, 'contact.send', {
    name: contactName,
    email: customer.email,
    message: contactMessage,
  });
  const { variants } = await query<{ variants: { id: number }[] }>(
    customerPage.request,
    'catalog.get',
    { slug },
  );
  const orderIds: number[] = [];
  for (const [index, message] of packed(2000).entries()) {
    const order = await mutate<{ id: number }>(customerPage.request, 'orders.requestQuote', {
      items: [{ variantId: variants[0]!.id, quantity: 1 }],
      email: customer.email,
      message,
      idempotencyKey: `xss-${stamp}-${index}`,
    });
    orderIds.push(order.id);
  }

  // Every page that shows these texts, to the public, the customer and the admin.
  await expectInert(customerPage, customerWatch, `/producto/${slug}`, [
    product.name,
    brandName,
    ...PAYLOADS,
  ]);
  await expectInert(customerPage, customerWatch, `/tienda?search=${stamp}`, [product.name]);
  await expectInert(customerPage, customerWatch, `/blog/${postSlug}`, [postTitle, ...PAYLOADS]);
  await expectInert(customerPage, customerWatch, `/account/pedidos/${orderIds[0]}`, [
    product.name,
    ...packed(2000)[0]!.split('\n'),
  ]);
  await expectInert(page, admin, '/dashboard/mensajes', [
    contactName,
    ...contactMessage.split('\n'),
  ]);
  for (const [index, id] of orderIds.entries()) {
    await expectInert(page, admin, `/dashboard/ordenes/${id}`, packed(2000)[index]!.split('\n'));
  }
  await expectInert(page, admin, '/dashboard/productos', [product.name]);
  await customerContext.close();
});
