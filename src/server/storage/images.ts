import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@shared/images';
import { messages } from '@shared/messages';
import type { Storage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export class InvalidImageError extends Error {}

/** Keeps letters, digits, dots, dashes and underscores of a client's file name, without extension. */
export function sanitizeFileBaseName(fileName: string): string {
  const lastSegment = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = lastSegment.replace(/\.[^.]*$/, '');
  const safe = withoutExtension
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60);
  return safe || 'imagen';
}

/** Checks the bytes (not the name) are a JPEG, PNG, WebP, AVIF or GIF image. */
export async function assertImage(data: Buffer) {
  if (data.length > MAX_IMAGE_BYTES) throw new InvalidImageError(messages.imageTooLarge);
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new InvalidImageError(messages.invalidImage);
  }
}

/**
 * Stores an image as WebP in the small and large widths at `{keyBase}-{width}.webp` and
 * returns the large rendition's public URL (the small one is derived from it).
 */
export async function saveImageRenditions(storage: Storage, keyBase: string, data: Buffer) {
  await assertImage(data);
  const render = (width: number) =>
    sharp(data, { animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  const [small, large] = await Promise.all([
    render(IMAGE_WIDTHS.small),
    render(IMAGE_WIDTHS.large),
  ]);
  await storage.save(`${keyBase}-${IMAGE_WIDTHS.small}.webp`, small);
  return storage.save(`${keyBase}-${IMAGE_WIDTHS.large}.webp`, large);
}

/** Removes both renditions of a stored image given its public URL. */
export async function removeImageRenditions(storage: Storage, url: string) {
  const key = storage.keyFromUrl(url);
  if (!key) return;
  const base = key.replace(new RegExp(`-${IMAGE_WIDTHS.large}\\.webp$`), '');
  await Promise.all([storage.remove(key), storage.remove(`${base}-${IMAGE_WIDTHS.small}.webp`)]);
}
