// Server-rendered pages read as a search engine or a link preview would: plain HTTP, no
// browser, no JavaScript run.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { posts, products, variants } from '@server/db/schema';
import { createAppDeps } from '@server/deps';
import { createPost } from '@server/services/content/blog';
import { setBrandLogo } from '@server/services/catalog/brand-logos';
import type { AppDeps } from '@server/app-deps';
import {
  callerFor,
  createTestCookie,
  createTestDeps,
  createTestUser,
  SOURCE_PAGES,
} from '../support/context';
import { createTestDatabase } from '../support/db';
import { pngImage } from '../support/uploads';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';
import { smallImageUrl } from '@shared/images';
import { messages } from '@shared/messages';

const SITE = 'https://tienda.example.uy';

// The real page cache, with a TTL far longer than the test: only invalidation refreshes it.
const world = useTestApp({
  http: true,
  env: { PUBLIC_URL: SITE },
  catalogCacheTtlMs: 60_000,
  pages: true,
});

/** The app with the render entry compiled from source; no client build, so no scripts. */
async function pagesApp(appDeps: AppDeps) {
  Object.assign(appDeps.config, SOURCE_PAGES);
  return buildApp(appDeps);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  world.app.inject({ url, headers });

async function newProduct(stock: number, name?: string) {
  const [variant] = await createTestProduct(world.db, [{ stock, price: '1499.00' }], name);
  const [product] = await world.db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return product!;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdOf(html: string): JsonLd[] {
  const blocks = html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
  return [...blocks].map((block) => JSON.parse(block[1]!) as JsonLd);
}

describe('server-rendered product page', () => {
  it('carries the product, its price, title, canonical, previews and structured data', async () => {
    const product = await newProduct(4);
    const response = await get(`/producto/${product.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;

    expect(html).toContain(`<h1`);
    expect(html).toContain(product.name);
    expect(html).toMatch(/US\$\s1\.499,00/);
    expect(html).toContain('+ IVA');
    expect(html).toContain('Agregar al carro');
    expect(html).toMatch(new RegExp(`<title>${product.name} · Marca [^<]* · Tienda</title>`));
    const url = `${SITE}/producto/${product.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:title')).toContain(product.name);
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/og/producto/${product.slug}.jpg`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'description')!.length).toBeLessThan(160);

    const [item, breadcrumbs] = jsonLdOf(html);
    expect(item).toMatchObject({
      '@type': 'Product',
      name: product.name,
      offers: {
        price: '1499.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect((item!.brand as { name: string }).name).toMatch(/^Marca /);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('says OutOfStock when no variant has stock', async () => {
    const product = await newProduct(0);
    const [item] = jsonLdOf((await get(`/producto/${product.slug}`)).body);
    expect(item).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('keeps a product name from closing the JSON-LD script', async () => {
    const name = 'Monitor </script><script>alert(1)</script>';
    const product = await newProduct(2, name);
    const html = (await get(`/producto/${product.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLdOf(html)[0]).toMatchObject({ name });
  });

  it('answers 404 with the Spanish page for a missing product, post or path', async () => {
    const product = await get('/producto/no-existe-este-producto');
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain('Producto no encontrado');
    const post = await get('/blog/no-existe-este-post');
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('Post no encontrado');
    const page = await get('/una/ruta/inexistente');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Página no encontrada');
    // The tab and a search engine read what the page says, and nothing to index.
    for (const missing of [product, post, page]) {
      expect(missing.body).toContain('<title>Página no encontrada · Tienda</title>');
      expect(missing.body).toContain('<meta name="robots" content="noindex"/>');
    }
    const file = await get('/assets/no-existe.js');
    expect(file.statusCode).toBe(404);
  });
});

describe('other public pages', () => {
  it('renders the shop with its cards and count', async () => {
    for (let index = 0; index < 13; index++) await newProduct(1);
    const html = (await get('/tienda')).body;
    expect(html).toMatch(/Mostrando 1 - 12 de \d+ productos/);
    expect(html).toContain('<title>Tienda · Catálogo de tecnología para empresas</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/tienda"/>`);
    const page2 = (await get('/tienda?page=2')).body;
    expect(page2).toMatch(/Mostrando 13 - \d+ de \d+ productos/);
    // A later page of the catalogue is its own page; a filtered view points at the catalogue.
    expect(page2).toContain(`<link rel="canonical" href="${SITE}/tienda?page=2"/>`);
    const sorted = (await get('/tienda?sort=asc&page=2')).body;
    expect(sorted).toContain(`<link rel="canonical" href="${SITE}/tienda"/>`);
  });

  it('renders a post with its text, article previews and BlogPosting data', async () => {
    const author = await createTestUser(world.deps, { role: 'admin', fullName: 'Ana Autora' });
    const post = await createPost(
      world.deps,
      {
        title: 'Guía de monitores',
        content: 'Primer párrafo de la guía.\n\nSegundo párrafo.',
        status: 'published',
      },
      author.user.id,
    );
    const response = await get(`/blog/${post.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Segundo párrafo.');
    expect(response.body).toContain('<title>Guía de monitores · Blog · Tienda</title>');
    expect(metaContent(response.body, 'og:type')).toBe('article');
    expect(metaContent(response.body, 'description')).toBe('Primer párrafo de la guía.');
    expect(jsonLdOf(response.body)[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Guía de monitores',
      author: { name: 'Ana Autora' },
    });
  });

  it('renders /nosotros with the Organization contact data', async () => {
    const html = (await get('/nosotros')).body;
    expect(html).toContain(world.deps.config.CONTACT_EMAIL);
    expect(jsonLdOf(html)[0]).toMatchObject({
      '@type': 'Organization',
      email: world.deps.config.CONTACT_EMAIL,
      telephone: world.deps.config.CONTACT_PHONE,
    });
  });

  it('renders the home, login and sign-up pages', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Productos Destacados');
    expect(metaContent(home.body, 'og:image')).toBe(`${SITE}/og/tienda.jpg`);
    expect((await get('/login')).body).toContain('<title>Iniciar sesión · Tienda</title>');
    expect((await get('/registro')).body).toContain('<title>Crear cuenta · Tienda</title>');
  });

  it('shows brand logos in the home page as soon as one is uploaded, names where there is none', async () => {
    const admin = await createTestUser(world.deps, { role: 'admin' });
    const taxonomies = callerFor(world.deps, admin).admin.taxonomies;
    const withLogo = await taxonomies.create({ kind: 'brand', name: 'Logotipo SA' });
    await taxonomies.create({ kind: 'brand', name: 'Sin Logo SRL' });
    expect((await get('/')).body).toContain('Logotipo SA');
    const { logoUrl } = await setBrandLogo(
      world.deps,
      withLogo.id,
      { fileName: 'logotipo.png', data: await pngImage(600, 200) },
      admin.user.id,
    );
    await world.deps.catalogChanged();

    // The page cache outlives this test: only the invalidation shows the logo.
    const html = (await get('/')).body;
    const logo = /<img [^>]*alt="Logotipo SA"[^>]*>/.exec(html)?.[0];
    expect(logo).toBeDefined();
    expect(logo).toContain(`src="${smallImageUrl(logoUrl!)}"`);
    expect(logo).toContain('loading="lazy"');
    expect(html).toMatch(/<a [^>]*href="\/tienda\?brands=[^"]*"[^>]*>Sin Logo SRL<\/a>/);
  });
});

describe('personal pages', () => {
  it('sends a visitor without a session to the login before any HTML', async () => {
    const response = await get('/account/pedidos');
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toContain('/login');
  });

  it('marks account, checkout and dashboard pages noindex for a signed-in user', async () => {
    const customer = await createTestCookie(world.deps);
    const admin = await createTestCookie(world.deps, { role: 'admin' });
    const pages = [
      ['/account/pedidos', customer],
      ['/checkout', customer],
      ['/dashboard', admin],
      ['/dashboard/productos', admin],
    ] as const;
    for (const [page, cookie] of pages) {
      const response = await get(page, { cookie });
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['x-robots-tag'], page).toBe('noindex');
      expect(metaContent(response.body, 'robots'), page).toBe('noindex');
    }
  });
});

describe('what the browser may keep and load first', () => {
  it("allows the page's own inline scripts by hash, on a render and on a cache hit alike", async () => {
    const product = await newProduct(2);
    for (const expected of ['miss', 'hit']) {
      const response = await get(`/producto/${product.slug}`);
      expect(response.headers['x-cache']).toBe(expected);
      const inline = [
        ...response.body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g),
      ];
      const policy = String(response.headers['content-security-policy']);
      const kinds = new Set<string>();
      for (const [, attributes, script] of inline) {
        const hash = `'sha256-${createHash('sha256').update(script!).digest('base64')}'`;
        // The JSON-LD is data, which script-src does not guard: it needs no hash.
        const isData = attributes!.includes('type="application/ld+json"');
        kinds.add(isData ? 'data' : 'run');
        if (isData) expect(policy).not.toContain(hash);
        else expect(policy).toContain(hash);
      }
      expect([...kinds].sort()).toEqual(['data', 'run']);
    }
  });

  it('keeps hashed assets for a year and asks again for everything else', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'tienda-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1);');
    writeFileSync(path.join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const withClient = await buildApp(createAppDeps(world.db, { ...world.deps.config, clientDir }));
    try {
      const asset = await withClient.inject({ url: '/assets/main-Ab12Cd34.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const logo = await withClient.inject({ url: '/logo.svg' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['cache-control']).toBe('no-cache');
    } finally {
      await withClient.close();
    }
  });

  it("takes the canonical origin from the request's host when PUBLIC_URL is not set", async () => {
    const bare = await pagesApp(
      createAppDeps(world.db, { ...world.deps.config, PUBLIC_URL: undefined }),
    );
    try {
      const html = (await bare.inject({ url: '/nosotros', headers: { host: 'shop.example.com' } }))
        .body;
      expect(html).toContain('<link rel="canonical" href="http://shop.example.com/nosotros"/>');
    } finally {
      await bare.close();
    }
  });

  it("preloads the product's first picture with its srcset and leaves the home's cards lazy", async () => {
    const product = await newProduct(2);
    const html = (await get(`/producto/${product.slug}`)).body;
    const preload = /<link rel="preload" as="image" imageSrcSet="([^"]+)"[^>]*>/.exec(html);
    expect(preload?.[0]).toContain('fetchPriority="high"');
    expect(preload?.[1]).toMatch(/-400\.webp 400w, .*-1200\.webp 1200w/);
    // The page's main picture is the preloaded one, loaded at once.
    const firstPicture = /<img [^>]*srcSet="([^"]+)"[^>]*>/.exec(html);
    expect(firstPicture?.[1]).toBe(preload?.[1]);
    expect(firstPicture?.[0]).not.toContain('loading="lazy"');

    // The home's largest element is its headline (text); its product cards wait their turn.
    const home = (await get('/')).body;
    const cards = [...home.matchAll(/<img [^>]*srcSet="[^"]*"[^>]*>/g)].map((match) => match[0]);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toContain('loading="lazy"');
  });
});

describe('crawling', () => {
  it('lists public products and posts with lastmod in /sitemap.xml', async () => {
    const product = await newProduct(3);
    const [post] = await world.db
      .select({ slug: posts.slug })
      .from(posts)
      .where(eq(posts.status, 'published'));
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
    expect(xml).toContain(`<loc>${SITE}/tienda</loc>`);
    expect(xml).toMatch(
      new RegExp(`<loc>${SITE}/producto/${product.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(xml).toContain(`<loc>${SITE}/blog/${post!.slug}</loc>`);
  });

  it('keeps a product without variants (not for sale) out of the sitemap', async () => {
    const product = await newProduct(1);
    await world.db.delete(variants).where(eq(variants.productId, product.id));
    await world.db.update(products).set({ minPrice: null }).where(eq(products.id, product.id));
    expect((await get('/sitemap.xml')).body).not.toContain(product.slug);
  });

  it('disallows personal pages and names the sitemap in /robots.txt', async () => {
    const text = (await get('/robots.txt')).body;
    for (const path of ['/dashboard', '/account', '/checkout']) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('link-preview images', () => {
  it("makes a 1200 × 630 JPEG for the store, lends it to a product whose picture is gone, 404 for what doesn't exist", async () => {
    const store = await get('/og/tienda.jpg');
    expect(store.statusCode).toBe(200);
    expect(store.headers['content-type']).toBe('image/jpeg');
    const { width, height, format } = await sharp(store.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    // The fixture's image URLs point at files that were never stored.
    const product = await newProduct(1);
    const lent = await get(`/og/producto/${product.slug}.jpg`);
    expect(lent.statusCode).toBe(200);
    expect(lent.rawPayload.equals(store.rawPayload)).toBe(true);
    expect((await get('/og/producto/no-existe.jpg')).statusCode).toBe(404);
    const missingPost = await get('/og/blog/no-existe.jpg');
    expect(missingPost.statusCode).toBe(404);
    expect(missingPost.json()).toEqual({ error: messages.notFound });
  });

  it("points a product without photos at the store's preview", async () => {
    const product = await newProduct(1);
    await world.db.update(products).set({ images: [] }).where(eq(products.id, product.id));
    const html = (await get(`/producto/${product.slug}`)).body;
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/og/tienda.jpg`);
  });

  it("makes the product's preview from its stored image", async () => {
    const product = await newProduct(1);
    const webp = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#336699' },
    })
      .webp()
      .toBuffer();
    const url = await world.deps.storage.save(
      `product-images/${product.id}/og-test-1200.webp`,
      webp,
    );
    await world.db
      .update(products)
      .set({ images: [url] })
      .where(eq(products.id, product.id));
    const response = await get(`/og/producto/${product.slug}.jpg`);
    expect(response.statusCode).toBe(200);
    const { width, format } = await sharp(response.rawPayload).metadata();
    expect({ width, format }).toEqual({ width: 1200, format: 'jpeg' });
  });
});

describe('rendered-page cache', () => {
  it('answers repeated visits from memory until the catalogue changes', async () => {
    const product = await newProduct(5);
    const url = `/producto/${product.slug}`;
    expect((await get(url)).headers['x-cache']).toBe('miss');
    await world.db
      .update(products)
      .set({ name: 'Cambiado por fuera' })
      .where(eq(products.id, product.id));
    const hit = await get(url);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body).toContain(product.name);

    await world.deps.catalogChanged();
    const fresh = await get(url);
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.body).toContain('Cambiado por fuera');
  });

  it('sends pages compressed as the browser asks, a hit from the stored bytes', async () => {
    const product = await newProduct(3);
    const url = `/producto/${product.slug}`;
    for (const cache of ['miss', 'hit']) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['x-cache']).toBe(cache);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      const html = brotliDecompressSync(br.rawPayload).toString();
      expect(html).toContain(product.name);
      expect(br.rawPayload.length).toBeLessThan(html.length / 3);
    }
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(product.name);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(product.name);
  });

  it('compresses a page sent once cheaply, and a page the cache keeps harder', async () => {
    const product = await newProduct(3);
    const url = `/producto/${product.slug}`;
    const brotliAt = (html: string, quality: number) =>
      brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      });
    // Kept in the shared cache: brotli quality 4, made once and sent on every hit.
    const kept = await get(url, { 'accept-encoding': 'br' });
    expect(kept.headers['x-cache']).toBe('miss');
    const keptHtml = brotliDecompressSync(kept.rawPayload).toString();
    expect(kept.rawPayload.equals(brotliAt(keptHtml, 4))).toBe(true);
    // A signed-in visitor's page is never kept: quality 1, for this request only.
    const cookie = await createTestCookie(world.deps);
    const once = await get(url, { 'accept-encoding': 'br', cookie });
    const onceHtml = brotliDecompressSync(once.rawPayload).toString();
    expect(onceHtml).toContain(product.name);
    expect(once.rawPayload.equals(brotliAt(onceHtml, 1))).toBe(true);
    const gzip = await get(url, { 'accept-encoding': 'gzip', cookie });
    const gzipHtml = gunzipSync(gzip.rawPayload).toString();
    expect(gzip.rawPayload.equals(gzipSync(gzipHtml, { level: 1 }))).toBe(true);
  });

  it('is cleared by a blog change too', async () => {
    const admin = await createTestUser(world.deps, { role: 'admin' });
    const post = await createPost(
      world.deps,
      { title: 'Post que se despublica', content: 'Texto.', status: 'published' },
      admin.user.id,
    );
    expect((await get(`/blog/${post.slug}`)).statusCode).toBe(200);
    await callerFor(world.deps, admin).admin.blog.setStatus({ id: post.id, status: 'draft' });
    expect((await get(`/blog/${post.slug}`)).statusCode).toBe(404);
  });

  it('renders signed-in visits apart, never from or into the shared cache', async () => {
    const product = await newProduct(5);
    const url = `/producto/${product.slug}`;
    const cookie = await createTestCookie(world.deps);
    expect((await get(url, { cookie })).headers['x-cache']).toBe('miss');
    expect((await get(url, { cookie })).headers['x-cache']).toBe('miss');
  });
});

describe('failures', () => {
  it('answers a Spanish error page, never a stack trace', async () => {
    const closed = await createTestDatabase();
    const broken = await pagesApp(createTestDeps(closed.db));
    await closed.close();
    // A PostgreSQL pool that was ended fails as a database away does (503, try again); a
    // closed PGlite is a failure like any other (500).
    const expected =
      closed.kind === 'postgres'
        ? { status: 503, text: messages.serviceUnavailable }
        : { status: 500, text: 'Algo salió mal' };
    try {
      const response = await broken.inject({ url: '/producto/cualquiera' });
      expect(response.statusCode).toBe(expected.status);
      expect(response.body).toContain(expected.text);
      expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(response.body).not.toMatch(/Failed query|select /i);
    } finally {
      await broken.close();
    }
  });
});
