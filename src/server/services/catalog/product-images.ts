import { randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS } from '@shared/images';
import {
  assertImage,
  removeImageRenditions,
  sanitizeFileBaseName,
  saveImageRenditions,
} from '../../storage/images';
import type { Storage } from '../../storage/storage';

/** A file received with a save request, under the part name the product JSON refers to. */
export type ImageUpload = { key: string; fileName: string; data: Buffer };

/** Every file of a product lives here, so deleting the product removes the folder. */
export const productFolder = (productId: number) => `product-images/${productId}`;

/** Checks every upload's bytes before anything is written. */
export async function assertImages(uploads: ImageUpload[]) {
  for (const upload of uploads) await assertImage(upload.data);
}

/**
 * Writes uploads as they are needed and remembers what it wrote, so a failed save can take
 * every file of this attempt back.
 */
export function createImageWriter(storage: Storage, productId: number) {
  const writtenKeyBases: string[] = [];
  return {
    /** Stores one upload as product-images/{id}/{id}-{name}-{random} renditions; returns its URL. */
    async write(upload: ImageUpload) {
      const random = randomBytes(4).toString('hex');
      const keyBase = `${productFolder(productId)}/${productId}-${sanitizeFileBaseName(upload.fileName)}-${random}`;
      writtenKeyBases.push(keyBase);
      return saveImageRenditions(storage, keyBase, upload.data);
    },
    async removeWritten() {
      const keys = writtenKeyBases.flatMap((base) =>
        Object.values(IMAGE_WIDTHS).map((width) => `${base}-${width}.webp`),
      );
      await Promise.allSettled(keys.map((key) => storage.remove(key)));
    },
  };
}

/** Files of images the product no longer shows; failures only leave orphans behind. */
export async function removeImages(storage: Storage, urls: string[]) {
  const results = await Promise.allSettled(urls.map((url) => removeImageRenditions(storage, url)));
  return results.every((result) => result.status === 'fulfilled');
}
