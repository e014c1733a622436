// A brand's optional logo: uploaded through the same image checks and renditions as product
// images, shown by the shop's brand list at once, recorded in the activity log.
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { auditLog, brands } from '@server/db/schema';
import { MAX_IMAGE_BYTES } from '@shared/images';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { sessionCookie } from '../support/http';
import { storedKeys } from '../support/storage';
import { type FilePart, pngImage, postMultipart } from '../support/uploads';
import { useTestApp } from '../support/test-app';

// The real catalogue cache, with a TTL far longer than the test: only invalidation refreshes it.
const world = useTestApp({ http: true, catalogCacheTtlMs: 60_000 });
let admin: SessionUser;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
});

const newBrand = async (name: string) =>
  (await world.db.insert(brands).values({ name }).returning())[0]!;

const upload = (brandId: number, files: FilePart[], cookie = world.adminCookie) =>
  postMultipart(world.app, `/api/admin/brands/${brandId}/logo`, { fields: {}, files, cookie });

const logoFile = async (name = 'logo acme.png'): Promise<FilePart> => ({
  field: 'logo',
  name,
  data: await pngImage(600, 200, '#e2231a'),
});

const logoOf = async (brandId: number) =>
  (await world.db.select().from(brands).where(eq(brands.id, brandId)))[0]?.logoUrl;

/** The shop's brand list as a visitor's browser asks for it, through the answer cache. */
async function shopBrands() {
  const input = encodeURIComponent(JSON.stringify({ json: { kind: 'brand' } }));
  const response = await world.app.inject({ url: `/trpc/catalog.taxonomies?input=${input}` });
  const body = response.json<{
    result: { data: { json: { items: { id: number; logoUrl: string | null }[] } } };
  }>();
  return body.result.data.json.items;
}

const lastAudit = async (brandId: number) =>
  (
    await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(brandId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('brand logos', () => {
  it('stores an upload as WebP renditions, shows it in the shop at once and logs it', async () => {
    const brand = await newBrand('Acme');
    // Cached before the upload: only the upload's invalidation can make the logo appear.
    expect((await shopBrands()).find((item) => item.id === brand.id)?.logoUrl).toBeNull();

    const answer = await upload(brand.id, [await logoFile()]);
    expect(answer.status).toBe(200);
    const url = await logoOf(brand.id);
    expect(url).toMatch(
      new RegExp(
        `^/uploads/brand-logos/${brand.id}/${brand.id}-logo-acme-[0-9a-f]{8}-1200\\.webp$`,
      ),
    );
    expect(answer.body).toEqual({ id: brand.id, logoUrl: url });
    expect(await storedKeys(world.deps, `brand-logos/${brand.id}`)).toHaveLength(2);
    const served = await world.app.inject({ url: url! });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp' });

    expect((await shopBrands()).find((item) => item.id === brand.id)?.logoUrl).toBe(url);
    expect(await lastAudit(brand.id)).toMatchObject({
      entityType: 'brand',
      action: 'update',
      label: 'Acme',
      changes: { logoUrl: { before: null, after: url } },
    });
  });

  it('replaces a logo and removes the old files', async () => {
    const brand = await newBrand('Reemplazo');
    await upload(brand.id, [await logoFile('primero.png')]);
    const first = await logoOf(brand.id);
    expect((await upload(brand.id, [await logoFile('segundo.png')])).status).toBe(200);
    const second = await logoOf(brand.id);
    expect(second).toMatch(/segundo/);
    const keys = await storedKeys(world.deps, `brand-logos/${brand.id}`);
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => key.includes('segundo'))).toBe(true);
    expect(first).not.toBe(second);
  });

  it('refuses a file that is not an image, and one over 5 MB, in Spanish under the field', async () => {
    const brand = await newBrand('Rechazos');
    const text = { field: 'logo', name: 'logo.png', data: Buffer.from('no soy una imagen') };
    const notImage = await upload(brand.id, [text]);
    expect(notImage.status).toBe(400);
    expect(notImage.body).toEqual({
      error: messages.invalidImage,
      fieldErrors: { logo: [messages.invalidImage] },
    });

    const huge = { field: 'logo', name: 'enorme.png', data: Buffer.alloc(MAX_IMAGE_BYTES + 1) };
    const tooLarge = await upload(brand.id, [huge]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      error: messages.imageTooLarge,
      fieldErrors: { logo: [messages.imageTooLarge] },
    });

    const none = await upload(brand.id, []);
    expect(none.body).toMatchObject({ fieldErrors: { logo: [messages.logoMissing] } });
    const two = await upload(brand.id, [await logoFile('a.png'), await logoFile('b.png')]);
    expect(two.body).toMatchObject({ fieldErrors: { logo: [messages.oneLogoOnly] } });

    expect(await logoOf(brand.id)).toBeNull();
    expect(await storedKeys(world.deps, `brand-logos/${brand.id}`)).toEqual([]);
  });

  it('answers 404 for a brand that does not exist and refuses customers', async () => {
    const missing = await upload(2_000_000, [await logoFile()]);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: messages.brandNotFound });
    expect(await storedKeys(world.deps, 'brand-logos/2000000')).toEqual([]);
    expect((await upload(0, [await logoFile()])).status).toBe(404);

    const brand = await newBrand('Solo admins');
    const customer = await sessionCookie(world.deps, 'cliente-logos@empresa.uy');
    expect((await upload(brand.id, [await logoFile()], customer)).status).toBe(403);
    expect(await logoOf(brand.id)).toBeNull();
  });

  it('removes a logo: the brand shows its name again, files and cache follow', async () => {
    const brand = await newBrand('Quitar');
    await upload(brand.id, [await logoFile()]);
    const url = await logoOf(brand.id);
    expect((await shopBrands()).find((item) => item.id === brand.id)?.logoUrl).toBe(url);

    const removed = await callerFor(world.deps, admin).admin.taxonomies.removeLogo({
      id: brand.id,
    });
    expect(removed).toEqual({ id: brand.id, logoUrl: null });
    expect(await logoOf(brand.id)).toBeNull();
    expect(await storedKeys(world.deps, `brand-logos/${brand.id}`)).toEqual([]);
    expect((await shopBrands()).find((item) => item.id === brand.id)?.logoUrl).toBeNull();
    expect(await lastAudit(brand.id)).toMatchObject({
      changes: { logoUrl: { before: url, after: null } },
    });
    await expect(
      callerFor(world.deps, admin).admin.taxonomies.removeLogo({ id: 2_000_000 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.brandNotFound });
  });

  it('lists the logo in the dashboard and deletes its files with the brand', async () => {
    const brand = await newBrand('Borrar');
    await upload(brand.id, [await logoFile()]);
    const taxonomies = callerFor(world.deps, admin).admin.taxonomies;
    const listed = await taxonomies.list({ kind: 'brand' });
    expect(listed.items.find((item) => item.id === brand.id)?.logoUrl).toBe(await logoOf(brand.id));
    const categories = await taxonomies.list({ kind: 'category' });
    expect(categories.items.every((item) => item.logoUrl === null)).toBe(true);

    await taxonomies.delete({ kind: 'brand', id: brand.id });
    expect(await storedKeys(world.deps, `brand-logos/${brand.id}`)).toEqual([]);
  });
});
