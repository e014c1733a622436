// A file that cannot be written (a full disk, a read-only uploads folder) answers the upload in
// Spanish under its image field, is logged with its cause, and leaves no row without its file
// and no file half-written.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { brands, categories, posts, products } from '@server/db/schema';
import { createLogger } from '@server/ops/logger';
import type { AppDeps } from '@server/app-deps';
import { messages } from '@shared/messages';
import { createTestDeps } from '../support/context';
import { SAME_ORIGIN } from '../support/http';
import { storedKeys } from '../support/storage';
import { pngImage, postMultipart, sampleProduct } from '../support/uploads';
import { useTestApp } from '../support/test-app';
import { type WriteFault, withWriteFault } from '../support/write-faults';

const world = useTestApp({ http: true });

type LogLine = { level: number; msg: string; err?: { cause?: { code?: string } } };

/** Runs `test` against an app whose storage writes fail as `fault` says, with its log lines. */
async function withFaultyApp(
  fault: WriteFault | ((deps: AppDeps) => AppDeps),
  test: (app: FastifyInstance, logs: LogLine[]) => Promise<void>,
) {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)) as LogLine);
      done();
    },
  });
  const deps =
    typeof fault === 'function'
      ? fault(world.deps)
      : { ...world.deps, storage: withWriteFault(world.deps.storage, fault) };
  const app = await buildApp(deps, { logger: createLogger(sink) });
  try {
    await test(app, logs);
  } finally {
    await app.close();
  }
}

const refusal = (field: string, message: string) => ({
  error: message,
  fieldErrors: { [field]: [message] },
});

/** The log line of the failed upload: error level, with the file system's code as its cause. */
const expectLoggedCause = (logs: LogLine[], code: string) =>
  expect(
    logs
      .filter((line) => line.msg === 'upload could not be stored')
      .map((line) => ({ level: line.level, cause: line.err?.cause?.code })),
  ).toEqual([{ level: 50, cause: code }]);

async function taxonomies() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const [brand] = await world.db
    .insert(brands)
    .values({ name: `Marca ${suffix}` })
    .returning();
  const [category] = await world.db
    .insert(categories)
    .values({ name: `Categoría ${suffix}` })
    .returning();
  return { brandId: brand!.id, categoryId: category!.id };
}

const saveProduct = async (
  app: FastifyInstance,
  slug: string,
  options: { id?: number; images?: unknown[] } = {},
) =>
  postMultipart(app, options.id ? `/api/admin/products/${options.id}` : '/api/admin/products', {
    fields: {
      product: JSON.stringify(
        sampleProduct(await taxonomies(), {
          slug,
          name: `Producto ${slug}`,
          ...(options.images ? { images: options.images as never } : {}),
        }),
      ),
    },
    files: [{ field: 'nueva-a', name: 'frente.png', data: await pngImage() }],
    cookie: world.adminCookie,
  });

const productsWithSlug = (slug: string) =>
  world.db.select().from(products).where(eq(products.slug, slug));

describe('a product image that cannot be stored', () => {
  it('answers 507 "no space" for a full disk, with no product and no file left', async () => {
    const filesBefore = await storedKeys(world.deps);
    // The small rendition is written, the large one fills the disk halfway.
    await withFaultyApp({ code: 'ENOSPC', after: 1, leavesPart: true }, async (app, logs) => {
      const result = await saveProduct(app, 'disco-lleno');
      expect(result).toEqual({ status: 507, body: refusal('images', messages.imageNoSpace) });
      expectLoggedCause(logs, 'ENOSPC');
    });
    expect(await productsWithSlug('disco-lleno')).toEqual([]);
    expect(await storedKeys(world.deps)).toEqual(filesBefore);
  });

  it.each(['EROFS', 'EACCES', 'EPERM', 'EIO'])(
    'answers 500 "could not save" for %s, with no product and no file left',
    async (code) => {
      const filesBefore = await storedKeys(world.deps);
      const slug = `falla-${code.toLowerCase()}`;
      await withFaultyApp({ code }, async (app, logs) => {
        const result = await saveProduct(app, slug);
        expect(result).toEqual({ status: 500, body: refusal('images', messages.imageSaveFailed) });
        expectLoggedCause(logs, code);
      });
      expect(await productsWithSlug(slug)).toEqual([]);
      expect(await storedKeys(world.deps)).toEqual(filesBefore);
    },
  );

  it('keeps an edited product as it was when its new image hits a quota', async () => {
    const created = await saveProduct(world.app, 'con-cuota');
    const id = created.body.id as number;
    const [before] = await productsWithSlug('con-cuota');
    const filesBefore = await storedKeys(world.deps);
    await withFaultyApp({ code: 'EDQUOT' }, async (app) => {
      const result = await saveProduct(app, 'con-cuota', {
        id,
        images: [{ url: before!.images[0] }, { upload: 'nueva-a' }],
      });
      expect(result).toEqual({ status: 507, body: refusal('images', messages.imageNoSpace) });
    });
    expect(await productsWithSlug('con-cuota')).toEqual([before]);
    expect(await storedKeys(world.deps)).toEqual(filesBefore);
  });

  it('answers 500 when the uploads folder cannot hold the product folder (a real ENOTDIR)', async () => {
    // A regular file where the product images' folder goes: mkdir fails on the disk itself.
    const ownDeps = createTestDeps(world.db);
    await writeFile(path.join(ownDeps.config.UPLOADS_DIR, 'product-images'), 'no soy una carpeta');
    await withFaultyApp(
      () => ownDeps,
      async (app, logs) => {
        const result = await postMultipart(app, '/api/admin/products', {
          fields: {
            product: JSON.stringify(sampleProduct(await taxonomies(), { slug: 'sin-carpeta' })),
          },
          files: [{ field: 'nueva-a', name: 'frente.png', data: await pngImage() }],
          cookie: world.adminCookie,
        });
        expect(result).toEqual({ status: 500, body: refusal('images', messages.imageSaveFailed) });
        expectLoggedCause(logs, 'ENOTDIR');
      },
    );
    expect(await productsWithSlug('sin-carpeta')).toEqual([]);
    expect(await storedKeys(ownDeps)).toEqual(['product-images']);
  });
});

/** The post form as the dashboard sends it: its text fields and the cover file. */
async function sendPost(app: FastifyInstance, title: string, id?: number) {
  const form = new FormData();
  form.append('title', title);
  form.append('content', 'Un párrafo.');
  form.append('cover', new Blob([new Uint8Array(await pngImage(640, 360))]), 'portada.png');
  const response = await app.inject({
    method: 'POST',
    url: id ? `/api/admin/posts/${id}` : '/api/admin/posts',
    payload: form,
    headers: { cookie: world.adminCookie, ...SAME_ORIGIN },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const postsTitled = (title: string) => world.db.select().from(posts).where(eq(posts.title, title));

describe('a blog cover that cannot be stored', () => {
  it('answers 507 "no space" for a full disk, with no post and no file left', async () => {
    const filesBefore = await storedKeys(world.deps);
    await withFaultyApp({ code: 'ENOSPC', after: 1, leavesPart: true }, async (app, logs) => {
      const result = await sendPost(app, 'Post en disco lleno');
      expect(result).toEqual({ status: 507, body: refusal('cover', messages.imageNoSpace) });
      expectLoggedCause(logs, 'ENOSPC');
    });
    expect(await postsTitled('Post en disco lleno')).toEqual([]);
    expect(await storedKeys(world.deps)).toEqual(filesBefore);
  });

  it('answers 500 "could not save" on a read-only folder, keeping the post and its old cover', async () => {
    const created = await sendPost(world.app, 'Post con portada');
    const id = created.body.id as number;
    const [before] = await postsTitled('Post con portada');
    const filesBefore = await storedKeys(world.deps);
    await withFaultyApp({ code: 'EROFS', after: 1, leavesPart: true }, async (app, logs) => {
      const result = await sendPost(app, 'Post con portada nueva', id);
      expect(result).toEqual({ status: 500, body: refusal('cover', messages.imageSaveFailed) });
      expectLoggedCause(logs, 'EROFS');
    });
    const [after] = await world.db.select().from(posts).where(eq(posts.id, id));
    expect(after).toEqual(before);
    expect(await storedKeys(world.deps)).toEqual(filesBefore);
  });
});

describe('a brand logo that cannot be stored', () => {
  it('answers 507 for a full disk and keeps the brand as it was', async () => {
    const [brand] = await world.db.insert(brands).values({ name: 'Marca sin logo' }).returning();
    const filesBefore = await storedKeys(world.deps);
    await withFaultyApp({ code: 'ENOSPC', after: 1, leavesPart: true }, async (app) => {
      const result = await postMultipart(app, `/api/admin/brands/${brand!.id}/logo`, {
        fields: {},
        files: [{ field: 'logo', name: 'logo.png', data: await pngImage(600, 200) }],
        cookie: world.adminCookie,
      });
      expect(result).toEqual({ status: 507, body: refusal('logo', messages.imageNoSpace) });
    });
    const [after] = await world.db.select().from(brands).where(eq(brands.id, brand!.id));
    expect(after).toEqual(brand);
    expect(await storedKeys(world.deps)).toEqual(filesBefore);
  });
});
