import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { messages } from '@shared/messages';
import { postCoverOf, productPictureOf } from '../services/content/public-pages';
import { getStoreProfile, storeLogoPng } from '../services/store/store-profile';
import type { AppDeps } from '../app-deps';

// Link previews (WhatsApp, LinkedIn, Facebook) want a JPEG or PNG at least 1200 px wide;
// our stored images are WebP. These routes make a 1200 × 630 JPEG from the product's first
// image, the post's cover or the logo, once per image, kept in memory until the catalogue
// changes (the page cache's clear).
const WIDTH = 1200;
const HEIGHT = 630;
const MAX_KEPT = 300;
const BRAND_BLUE = '#1d4ed8';

async function storedImage(deps: AppDeps, url: string | null): Promise<Buffer | null> {
  const key = url ? deps.storage.keyFromUrl(url) : null;
  const file = key ? await deps.storage.read(key) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A product photo whole on white; a blog cover fills the frame. */
const toPreview = (image: Buffer, fit: 'contain' | 'cover') =>
  sharp(image)
    .resize(WIDTH, HEIGHT, { fit, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();

async function storePreview(clientDir: string): Promise<Buffer> {
  const logo = await readFile(path.join(clientDir, 'logo.svg')).catch(() => null);
  const canvas = sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: BRAND_BLUE },
  });
  const composed = logo
    ? canvas.composite([{ input: await sharp(logo).resize(360, 360).png().toBuffer() }])
    : canvas;
  return composed.jpeg({ quality: 82 }).toBuffer();
}

export function registerPreviewImages(app: FastifyInstance, deps: AppDeps) {
  const kept = new Map<string, Buffer | null>();
  deps.pageCache.onClear(() => kept.clear());

  async function preview(key: string, make: () => Promise<Buffer | null>) {
    if (kept.has(key)) return kept.get(key)!;
    const made = await make();
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, made);
    return made;
  }

  const send = (reply: FastifyReply, image: Buffer | null) =>
    image
      ? reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image)
      : reply.code(404).send({ error: messages.notFound });

  const storeImage = () => preview('store', () => storePreview(deps.config.clientDir));

  /**
   * A page that exists but whose picture is gone (never stored, or deleted from storage)
   * still advertises this address in its og:image: it gets the store's preview, so a shared
   * link always shows a picture. Only a product or post that does not exist answers 404.
   */
  async function pictureOrStore(
    row: { image: string | null } | undefined,
    fit: 'contain' | 'cover',
  ) {
    if (!row) return null;
    const stored = await storedImage(deps, row.image);
    return stored ? toPreview(stored, fit) : storeImage();
  }

  app.get('/og/tienda.jpg', async (_request, reply) => send(reply, await storeImage()));

  // The store's logo as a PNG, for mails (their clients show no WebP): 404 while it has none.
  app.get('/og/logo.png', async (_request, reply) => {
    const logo = await preview('logo', async () => {
      const { logoUrl } = await getStoreProfile(deps.db, deps.config);
      return (await storeLogoPng(deps.storage, logoUrl)) ?? null;
    });
    return logo
      ? reply.type('image/png').header('cache-control', 'public, max-age=3600').send(logo)
      : reply.code(404).send({ error: messages.notFound });
  });

  app.get<{ Params: { slug: string } }>('/og/producto/:slug.jpg', async (request, reply) => {
    const { slug } = request.params;
    const image = await preview(`product:${slug}`, async () => {
      return pictureOrStore(await productPictureOf(deps.db, slug), 'contain');
    });
    return send(reply, image);
  });

  app.get<{ Params: { slug: string } }>('/og/blog/:slug.jpg', async (request, reply) => {
    const { slug } = request.params;
    const image = await preview(`post:${slug}`, async () => {
      return pictureOrStore(await postCoverOf(deps.db, slug), 'cover');
    });
    return send(reply, image);
  });
}
