// Products the storefront specs create for themselves through the admin API, so no test
// depends on the demo catalogue's exact products, prices or stock.
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import { slugify } from '@shared/slug';
import { expect } from '../support/fixtures';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-constants';

export type VariantSpec = {
  colorName: string;
  color: string;
  storage: string;
  price: number;
  stock: number;
  sku?: string;
  tiers?: { minQuantity: number; percentOff: number }[];
};
export type CreatedProduct = { id: number; slug: string; name: string };

let admin: Promise<APIRequestContext> | undefined;

/** One signed-in admin API context per worker. */
function adminRequest() {
  admin ??= (async () => {
    // A browser's same-origin requests: the store refuses mutations from elsewhere.
    const context = await playwrightRequest.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { origin: new URL(E2E_BASE_URL).origin },
    });
    const login = await context.post('/trpc/auth.login', {
      data: { json: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } },
    });
    expect(login.ok(), `admin login answered ${login.status()}`).toBe(true);
    return context;
  })();
  return admin;
}

let sequence = 0;
/** A suffix no other product of this run has: names, slugs and searches stay unique. */
export const uniqueSuffix = () =>
  `${Date.now().toString(36)}${(sequence += 1)}${Math.floor(Math.random() * 1e4)}`;

async function createTaxonomy(kind: 'brand' | 'category', name: string): Promise<number> {
  const request = await adminRequest();
  const response = await request.post('/trpc/admin.taxonomies.create', {
    data: { json: { kind, name } },
  });
  expect(response.ok(), `${kind} ${name} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: { id: number } } } }).result.data
    .json.id;
}

export const createBrand = (name: string) => createTaxonomy('brand', name);
export const createCategory = (name: string) => createTaxonomy('category', name);

/** Creates a product with one generated image, through the same route as the admin form. */
export async function createProduct(spec: {
  name: string;
  brandId: number;
  categoryId: number;
  variants: VariantSpec[];
}): Promise<CreatedProduct> {
  const request = await adminRequest();
  const image = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#8899aa' },
  })
    .png()
    .toBuffer();
  const product = {
    name: spec.name,
    slug: slugify(spec.name),
    brandId: spec.brandId,
    categoryId: spec.categoryId,
    features: [],
    description: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Producto de prueba.' }] }],
    },
    variants: spec.variants,
    images: [{ upload: 'nueva-a' }],
  };
  const response = await request.post('/api/admin/products', {
    multipart: {
      product: JSON.stringify(product),
      'nueva-a': { name: 'foto.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const saved = (await response.json()) as { id: number; slug: string };
  return { ...saved, name: spec.name };
}

/** Deletes a product as the admin would from the dashboard's table. */
export async function deleteProduct(id: number) {
  const request = await adminRequest();
  const response = await request.post('/trpc/admin.products.delete', {
    data: { json: { id } },
    headers: { origin: E2E_BASE_URL },
  });
  expect(response.ok(), `delete ${id} answered ${response.status()}`).toBe(true);
}

/**
 * Staff give the company with this RUT a percentage off one brand, through the same procedures
 * as its page in /dashboard/clientes (the company's page itself is tested in prices.spec.ts).
 */
export async function giveCompanyBrandDiscount(rut: string, brandId: number, percentOff: string) {
  const request = await adminRequest();
  const input = encodeURIComponent(JSON.stringify({ json: { search: rut, page: 1 } }));
  const found = await request.get(`/trpc/admin.companies.list?input=${input}`);
  expect(found.ok(), `companies answered ${found.status()}`).toBe(true);
  const [company] = (
    (await found.json()) as { result: { data: { json: { items: { id: number }[] } } } }
  ).result.data.json.items;
  expect(company, `no company with RUT ${rut}`).toBeDefined();
  const rule = await request.post('/trpc/admin.priceRules.create', {
    data: { json: { companyId: company!.id, kind: 'brand', brandId, percentOff } },
  });
  expect(rule.ok(), `price rule answered ${rule.status()}: ${await rule.text()}`).toBe(true);
}
