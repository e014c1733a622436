// Hostile files on the two multipart routes (product images, post cover): each is refused
// with a Spanish message at the image field, and neither a row nor a file is left behind —
// not even the renditions a half-finished save would have written.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, categories } from '@server/db/schema';
import { messages } from '@shared/messages';
import { databaseFingerprint } from '../support/fingerprint';
import {
  type FilePart,
  pngImage,
  postMultipart,
  sampleProduct,
  storedFiles,
} from '../support/uploads';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let productFields: Record<string, string>;
let productId: number;
let postId: number;

const postFields = {
  title: 'Novedades',
  content: 'Llegaron las notebooks nuevas',
  status: 'draft',
};

beforeAll(async () => {
  const [brand] = await world.db.insert(brands).values({ name: 'Lenovo' }).returning();
  const [category] = await world.db.insert(categories).values({ name: 'Notebooks' }).returning();
  const product = sampleProduct({ brandId: brand!.id, categoryId: category!.id });
  productFields = { product: JSON.stringify(product) };
  // One product and one post with real images, so the update routes have files to lose.
  const created = await postMultipart(world.app, '/api/admin/products', {
    fields: productFields,
    files: [{ field: 'nueva-a', name: 'frente.png', data: await pngImage(64, 64) }],
    cookie: world.adminCookie,
  });
  productId = created.body.id as number;
  const post = await postMultipart(world.app, '/api/admin/posts', {
    fields: postFields,
    files: [{ field: 'cover', name: 'portada.png', data: await pngImage(64, 64) }],
    cookie: world.adminCookie,
  });
  postId = post.body.id as number;
  expect([created.status, post.status]).toEqual([201, 201]);
});

/** A PNG chunk: length, type, data and the CRC the decoders check. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1x1 PNG whose header is rewritten to claim `width` x `height` (a "pixel flood"). */
async function pixelFlood(width: number, height: number) {
  const png = await pngImage(1, 1);
  const ihdrData = Buffer.from(png.subarray(16, 29));
  ihdrData.writeUInt32BE(width, 0);
  ihdrData.writeUInt32BE(height, 4);
  return Buffer.concat([png.subarray(0, 8), pngChunk('IHDR', ihdrData), png.subarray(33)]);
}

const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<script>alert(document.cookie)</script><rect width="64" height="64"/></svg>',
);

/** Starts as a GIF (magic bytes and a plausible size), goes on as HTML with a script. */
const htmlGifPolyglot = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([0x40, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00]),
  Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
]);

const noisyJpeg = () =>
  sharp({
    create: {
      width: 256,
      height: 256,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg()
    .toBuffer();

type Attack = {
  name: string;
  files: (field: string) => Promise<FilePart[]>;
  /** The Spanish refusal, by route kind when it differs. */
  message: string | { product: string; post: string };
};

const one =
  (name: string, data: Buffer | Promise<Buffer>, type?: string) => async (field: string) => [
    { field, name, data: await data, type },
  ];

const ATTACKS: Attack[] = [
  {
    name: 'an SVG carrying a script',
    files: one('logo.svg', svgWithScript, 'image/svg+xml'),
    message: messages.invalidImage,
  },
  {
    name: 'the same SVG named .png',
    files: one('logo.png', svgWithScript),
    message: messages.invalidImage,
  },
  {
    name: 'an HTML/GIF polyglot',
    files: one('foto.gif', htmlGifPolyglot, 'image/gif'),
    message: messages.invalidImage,
  },
  {
    name: 'a PNG claiming 50000x50000 pixels',
    files: one('flood.png', pixelFlood(50_000, 50_000)),
    message: messages.imageTooManyPixels,
  },
  {
    name: 'a truncated PNG',
    files: async (field) => {
      const png = await pngImage(640, 480);
      return [{ field, name: 'cortada.png', data: png.subarray(0, png.length / 2) }];
    },
    message: messages.invalidImage,
  },
  {
    name: 'a truncated JPEG',
    files: async (field) => {
      const jpeg = await noisyJpeg();
      return [{ field, name: 'cortada.jpg', data: jpeg.subarray(0, jpeg.length / 2) }];
    },
    message: messages.invalidImage,
  },
  ...['../../x.png', '..\\x.png', '/etc/x.png', 'C:\\Windows\\x.png', '..'].map((fileName) => ({
    name: `the file name ${JSON.stringify(fileName)}`,
    files: one(fileName, pngImage(32, 32)),
    message: messages.invalidFileName,
  })),
  {
    name: 'an empty file',
    files: one('vacia.png', Buffer.alloc(0)),
    message: messages.invalidImage,
  },
  {
    name: 'a file over 5 MB',
    files: async (field) => {
      const png = await pngImage(32, 32);
      const data = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
      return [{ field, name: 'grande.png', data }];
    },
    message: messages.imageTooLarge,
  },
  {
    name: '11 files',
    files: async (field) => {
      const png = await pngImage(32, 32);
      return Array.from({ length: 11 }, (_, i) => ({ field, name: `foto-${i}.png`, data: png }));
    },
    message: { product: messages.tooManyImages, post: messages.oneCoverOnly },
  },
];

const ROUTES = [
  { kind: 'product', url: () => '/api/admin/products', field: 'nueva-a', errorField: 'images' },
  {
    kind: 'product',
    url: () => `/api/admin/products/${productId}`,
    field: 'nueva-a',
    errorField: 'images',
  },
  { kind: 'post', url: () => '/api/admin/posts', field: 'cover', errorField: 'cover' },
  { kind: 'post', url: () => `/api/admin/posts/${postId}`, field: 'cover', errorField: 'cover' },
] as const;

describe.each(ROUTES)('$kind route', (route) => {
  it.each(ATTACKS)('refuses $name, writing nothing', async (attack) => {
    const filesBefore = await storedFiles(world.deps.config.UPLOADS_DIR);
    const rowsBefore = await databaseFingerprint(world.db);
    const response = await postMultipart(world.app, route.url(), {
      fields: route.kind === 'product' ? productFields : postFields,
      files: await attack.files(route.field),
      cookie: world.adminCookie,
    });
    const message =
      typeof attack.message === 'string' ? attack.message : attack.message[route.kind];
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toEqual({
      error: message,
      fieldErrors: { [route.errorField]: [message] },
    });
    expect(await storedFiles(world.deps.config.UPLOADS_DIR)).toEqual(filesBefore);
    expect(await databaseFingerprint(world.db)).toEqual(rowsBefore);
  });
});
