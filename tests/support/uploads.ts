// The multipart save forms of the dashboard (product and post), sent through app.inject.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ProductFormValues } from '@shared/schemas/product';
import { SAME_ORIGIN } from './http';

export type FilePart = { field: string; name: string; data: Buffer; type?: string };

/** Posts text fields and files as the browser's FormData would, from the store's own page. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  parts: { fields: Record<string, string>; files?: FilePart[]; cookie?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields)) form.append(name, value);
  for (const file of parts.files ?? []) {
    const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' });
    form.append(file.field, blob, file.name);
  }
  const encoded = new Response(form);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(parts.cookie ? { cookie: parts.cookie } : {}),
      ...SAME_ORIGIN,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Every file under `root`, relative to it, sorted. */
export async function storedFiles(root: string) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export const pngImage = (width = 640, height = 480, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

export const sampleDescription = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Potente' }] },
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'Ideal para la oficina', marks: [{ type: 'bold' }] }],
    },
  ],
};

/** A product the save route accepts, with one new image under the part name `nueva-a`. */
export function sampleProduct(
  taxonomies: { brandId: number; categoryId: number },
  overrides: Partial<ProductFormValues> = {},
): ProductFormValues {
  return {
    name: 'ThinkPad X1',
    slug: 'thinkpad-x1',
    ...taxonomies,
    features: ['14 pulgadas', '16 GB RAM'],
    description: sampleDescription,
    variants: [
      { stock: 3, price: 1299.5, storage: '512 GB', color: '#000000', colorName: 'Negro' },
      { stock: 0, price: 1499, storage: '1 TB', color: 'rgb(200, 200, 200)', colorName: 'Plata' },
    ],
    images: [{ upload: 'nueva-a' }],
    ...overrides,
  };
}
