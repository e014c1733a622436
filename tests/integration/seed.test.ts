import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  brands,
  categories,
  customers,
  posts,
  products,
  storeProfile,
  users,
  variants,
} from '@server/db/schema';
import { isValidRut } from '@shared/rut';
import { seedIfEmpty } from '@server/seed';
import { createLocalStorage, UPLOADS_URL_PREFIX } from '@server/storage/storage';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let dir: string;
let first: { products: number } | null;
let seedMs: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tienda-seed-'));
  const started = performance.now();
  first = await seedIfEmpty(world.db, createLocalStorage(dir));
  seedMs = performance.now() - started;
  // Encoding every demo image takes minutes on a busy two-core machine.
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Path on disk of a public upload URL, and of its 400px sibling. */
function filesOf(url: string): string[] {
  expect(url.startsWith(UPLOADS_URL_PREFIX)).toBe(true);
  expect(url.endsWith('-1200.webp')).toBe(true);
  const large = path.join(dir, url.slice(UPLOADS_URL_PREFIX.length));
  return [large, large.replace(/-1200\.webp$/, '-400.webp')];
}

async function tableCounts() {
  const db = world.db;
  const [p] = await db.select({ n: count() }).from(products);
  const [v] = await db.select({ n: count() }).from(variants);
  const [b] = await db.select({ n: count() }).from(brands);
  const [c] = await db.select({ n: count() }).from(categories);
  const [po] = await db.select({ n: count() }).from(posts);
  const [u] = await db.select({ n: count() }).from(users);
  return { p: p?.n, v: v?.n, b: b?.n, c: c?.n, po: po?.n, u: u?.n };
}

describe('demo seed', () => {
  it('seeds a catalogue once and is a no-op afterwards', async () => {
    console.log(`seedIfEmpty took ${Math.round(seedMs)} ms`);
    expect(first?.products).toBeGreaterThanOrEqual(24);
    const before = await tableCounts();
    expect(before.p).toBe(first?.products);
    expect(before.b).toBeGreaterThanOrEqual(5);
    expect(before.c).toBeGreaterThanOrEqual(5);

    expect(await seedIfEmpty(world.db, createLocalStorage(dir))).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });

  it("fills in 'Datos de la empresa' (tests/integration/demo-store-profile.test.ts checks it)", async () => {
    const [profile] = await world.db.select().from(storeProfile);
    expect(profile?.rut && isValidRut(profile.rut)).toBe(true);
    expect(profile?.dgiBranchCode).not.toBeNull();
  });

  it('gives every product 1-6 variants, 2-4 stored images and the lowest price', async () => {
    const rows = await world.db.select().from(products);
    const allVariants = await world.db.select().from(variants);
    expect(allVariants.some((v) => v.stock === 0)).toBe(true);
    let soldOut = 0;
    for (const product of rows) {
      const own = allVariants.filter((v) => v.productId === product.id);
      expect(own.length, product.name).toBeGreaterThanOrEqual(1);
      expect(own.length, product.name).toBeLessThanOrEqual(6);
      if (own.every((v) => v.stock === 0)) soldOut++;
      const lowest = Math.min(...own.map((v) => Number(v.price)));
      expect(Number(product.minPrice), product.name).toBe(lowest);

      expect(product.images.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.images.length, product.name).toBeLessThanOrEqual(4);
      expect(new Set(product.images).size).toBe(product.images.length);
      for (const url of product.images) {
        for (const file of filesOf(url)) expect(existsSync(file), file).toBe(true);
      }
      expect(product.features.length).toBeGreaterThanOrEqual(3);
      expect(product.description.type).toBe('doc');
    }
    expect(soldOut).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    expect(rows.some((p) => p.name.includes('Cámara'))).toBe(true);
    expect(rows.some((p) => p.name.includes('Notebook'))).toBe(true);
    const days = new Set(rows.map((p) => p.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(10);
  });

  it('gives every brand a stored wordmark logo with a transparent background', async () => {
    const rows = await world.db.select().from(brands);
    for (const brand of rows) {
      expect(brand.logoUrl, brand.name).toMatch(/^\/uploads\/brand-logos\/\d+\//);
      const [large, small] = filesOf(brand.logoUrl ?? '');
      expect(existsSync(large!), large).toBe(true);
      const meta = await sharp(small).metadata();
      expect(meta).toMatchObject({ format: 'webp', hasAlpha: true });
      // A wordmark or a round badge: never taller than wide.
      expect(meta.width).toBeGreaterThanOrEqual(meta.height);
    }
  });

  it('publishes three posts with covers, signed by the content author', async () => {
    const rows = await world.db
      .select({ post: posts, fullName: customers.fullName })
      .from(posts)
      .leftJoin(customers, eq(customers.userId, posts.authorId));
    expect(rows).toHaveLength(3);
    for (const { post, fullName } of rows) {
      expect(post.status).toBe('published');
      expect(fullName).toBe('Equipo Tienda');
      expect(post.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(post.coverImageUrl).toBeTruthy();
      for (const file of filesOf(post.coverImageUrl ?? ''))
        expect(existsSync(file), file).toBe(true);
    }
    const days = new Set(rows.map(({ post }) => post.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBe(3);
  });
});
