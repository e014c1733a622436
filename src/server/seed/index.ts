import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Storage } from '../storage/storage';
import { slugCandidates, slugify } from '../../shared/slug';
import type { Database, Executor, Transaction } from '../db/client';
import {
  brands,
  categories,
  customers,
  posts,
  products,
  userRoles,
  users,
  variants,
} from '../db/schema';
import { BLOG_POSTS } from './blog-posts';
import { allProducts, closingFor } from './catalog';
import { BRANDS, CATEGORIES, type ProductSeed } from './catalog-types';
import { brandLogoFolder } from '../services/catalog/brand-logos';
import {
  postFolder,
  productFolder,
  saveBrandLogos,
  saveProductPhotos,
  savePostCovers,
} from './media';
import { productDescription } from './rich-text';
import { seedStoreProfile } from './store-profile';

const CONTENT_AUTHOR_EMAIL = 'redaccion@tienda.com.uy';
const CONTENT_AUTHOR_NAME = 'Equipo Tienda';
/** Key of the advisory lock that keeps two starting servers from seeding at once. */
const SEED_LOCK_KEY = 72_616_001;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Products' creation dates are spread over this many days before now. */
const CATALOG_SPAN_DAYS = 58;

async function hasCatalog(db: Executor): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  if (product) return true;
  const [brand] = await db.select({ id: brands.id }).from(brands).limit(1);
  return !!brand;
}

/** Seeds the demo catalogue, blog and store data on an empty database; null when there was data already. */
export async function seedIfEmpty(
  db: Database,
  storage: Storage,
): Promise<{ products: number } | null> {
  if (await hasCatalog(db)) return null;
  // Files written before a failure are removed again: the rows that pointed at them roll back.
  const folders: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
      if (await hasCatalog(tx)) return null;
      const count = await seedCatalog(tx, storage, folders);
      await seedBlog(tx, storage, folders);
      await seedStoreProfile(tx);
      return { products: count };
    });
  } catch (error) {
    await Promise.all(folders.map((folder) => storage.removeFolder(folder).catch(() => {})));
    throw error;
  }
}

async function insertNames(
  tx: Transaction,
  table: typeof brands | typeof categories,
  names: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .insert(table)
    .values(names.map((name) => ({ name })))
    .returning({ id: table.id, name: table.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}

function requireId(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`Seed: missing id for ${name}`);
  return id;
}

async function seedCatalog(tx: Transaction, storage: Storage, folders: string[]) {
  const brandIds = await insertNames(tx, brands, BRANDS);
  const categoryIds = await insertNames(tx, categories, CATEGORIES);
  await seedBrandLogos(tx, storage, folders, brandIds);
  const seeds = allProducts();
  const now = Date.now();
  const span = Math.max(1, seeds.length - 1);

  // The first products of the list are the newest; a few hours of jitter avoids ties.
  const rows = await tx
    .insert(products)
    .values(
      seeds.map((seed, i) => ({
        name: seed.name,
        slug: slugify(seed.name),
        features: seed.features,
        description: productDescription({
          heading: seed.heading,
          intro: seed.intro,
          highlights: seed.highlights,
          closing: closingFor(seed.category),
        }),
        images: [],
        brandId: requireId(brandIds, seed.brand),
        categoryId: requireId(categoryIds, seed.category),
        createdAt: new Date(
          now - ((i * CATALOG_SPAN_DAYS) / span) * DAY_MS - ((i * 7) % 11) * 3.6e6,
        ),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const seeded: { id: number; seed: ProductSeed }[] = seeds.map((seed) => ({
    id: requireId(idBySlug, slugify(seed.name)),
    seed,
  }));

  await tx.insert(variants).values(
    seeded.flatMap(({ id, seed }) =>
      seed.variants.map(([color, colorName, storageLabel, price, stock]) => ({
        productId: id,
        color,
        colorName,
        storage: storageLabel,
        price,
        stock,
      })),
    ),
  );

  folders.push(...seeded.map(({ id }) => productFolder(id)));
  const images = await saveProductPhotos(storage, seeded);
  for (const [i, { id }] of seeded.entries()) {
    await tx
      .update(products)
      .set({ images: images[i] ?? [] })
      .where(eq(products.id, id));
  }
  return seeded.length;
}

async function seedBrandLogos(
  tx: Transaction,
  storage: Storage,
  folders: string[],
  brandIds: Map<string, number>,
) {
  const seeded = BRANDS.map((name) => ({ id: requireId(brandIds, name), name }));
  folders.push(...seeded.map(({ id }) => brandLogoFolder(id)));
  const urls = await saveBrandLogos(storage, seeded);
  for (const [i, { id }] of seeded.entries()) {
    await tx
      .update(brands)
      .set({ logoUrl: urls[i] ?? null })
      .where(eq(brands.id, id));
  }
}

/** The user the demo posts are signed by; it cannot log in (nobody knows its password). */
async function ensureContentAuthor(tx: Transaction): Promise<number> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, CONTENT_AUTHOR_EMAIL));
  let userId = existing?.id;
  if (userId === undefined) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64'));
    const [created] = await tx
      .insert(users)
      .values({ email: CONTENT_AUTHOR_EMAIL, passwordHash })
      .returning({ id: users.id });
    if (!created) throw new Error('Seed: could not create the content author');
    userId = created.id;
  }
  await tx
    .insert(customers)
    .values({ userId, fullName: CONTENT_AUTHOR_NAME, email: CONTENT_AUTHOR_EMAIL })
    .onConflictDoNothing({ target: customers.userId });
  await tx.insert(userRoles).values({ userId, role: 'customer' }).onConflictDoNothing();
  return userId;
}

/** First slug of `base`, `base-1`, ... not used by a post yet. */
async function freePostSlug(tx: Transaction, base: string): Promise<string> {
  const candidates = slugCandidates(base);
  const taken = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(inArray(posts.slug, candidates));
  const used = new Set(taken.map((row) => row.slug));
  const free = candidates.find((slug) => !used.has(slug));
  if (!free) throw new Error(`Seed: no free slug for ${base}`);
  return free;
}

async function seedBlog(tx: Transaction, storage: Storage, folders: string[]) {
  const authorId = await ensureContentAuthor(tx);
  const now = Date.now();
  const postIds: number[] = [];
  for (const post of BLOG_POSTS) {
    const [row] = await tx
      .insert(posts)
      .values({
        title: post.title,
        slug: await freePostSlug(tx, slugify(post.title)),
        content: post.paragraphs.join('\n\n'),
        status: 'published',
        authorId,
        createdAt: new Date(now - post.daysAgo * DAY_MS),
      })
      .returning({ id: posts.id });
    if (!row) throw new Error('Seed: could not create a post');
    postIds.push(row.id);
  }
  folders.push(...postIds.map(postFolder));
  const covers = await savePostCovers(storage, postIds);
  for (const [i, id] of postIds.entries()) {
    await tx
      .update(posts)
      .set({ coverImageUrl: covers[i] ?? null })
      .where(eq(posts.id, id));
  }
}
