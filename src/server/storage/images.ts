import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '@shared/images';
import { messages } from '@shared/messages';
import { type Storage, StorageWriteError } from './storage';

/**
 * A few bytes of PNG or JPEG can claim 50000x50000 pixels and make the decoder allocate
 * gigabytes ("pixel flood"). 25 megapixels covers any camera photo worth showing in a shop;
 * decoding one takes ~100 MB, which the server can afford for two renders at a time.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
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

/**
 * Checks the bytes (not the name) are a JPEG, PNG, WebP, AVIF or GIF image of a sane size.
 * Only the header is read here; a body that turns out broken (truncated, polyglot) fails in
 * saveImageRenditions, before anything is stored.
 */
export async function assertImage(data: Buffer) {
  if (data.length > MAX_IMAGE_BYTES) throw new InvalidImageError(messages.imageTooLarge);
  // The header is read without sharp's own pixel limit, so a flood gets its own message.
  // sharp throws synchronously on an empty buffer, hence the async wrapper.
  const metadata = await (async () => sharp(data, { limitInputPixels: false }).metadata())().catch(
    () => undefined,
  );
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new InvalidImageError(messages.invalidImage);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new InvalidImageError(messages.imageTooManyPixels);
  }
}

/**
 * Stores an image as WebP in the small and large widths at `{keyBase}-{width}.webp` and
 * returns the large rendition's public URL (the small one is derived from it).
 */
export async function saveImageRenditions(storage: Storage, keyBase: string, data: Buffer) {
  await assertImage(data);
  const render = (width: number) =>
    sharp(data, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  // A header that promised an image over a body that is not one (cut short, HTML behind a
  // GIF header) is the author's file at fault: a 400, and nothing stored yet.
  const [small, large] = await Promise.all([
    render(IMAGE_WIDTHS.small),
    render(IMAGE_WIDTHS.large),
  ]).catch(() => {
    throw new InvalidImageError(messages.invalidImage);
  });
  const smallKey = `${keyBase}-${IMAGE_WIDTHS.small}.webp`;
  const largeKey = `${keyBase}-${IMAGE_WIDTHS.large}.webp`;
  try {
    await storage.save(smallKey, small);
    return await storage.save(largeKey, large);
  } catch (error) {
    // Neither rendition stays: not the one written before the failure, nor what a full disk
    // kept of the one that failed. A removal that fails too leaves an orphan, never a row.
    await Promise.allSettled([storage.remove(smallKey), storage.remove(largeKey)]);
    throw new StorageWriteError(error);
  }
}

/** Removes both renditions of a stored image given its public URL. */
export async function removeImageRenditions(storage: Storage, url: string) {
  const key = storage.keyFromUrl(url);
  if (!key) return;
  const base = key.replace(new RegExp(`-${IMAGE_WIDTHS.large}\\.webp$`), '');
  await Promise.all([storage.remove(key), storage.remove(`${base}-${IMAGE_WIDTHS.small}.webp`)]);
}
