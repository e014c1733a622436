import type { Storage } from '../storage/storage';
import { saveImageRenditions } from '../storage/images';
import { brandLogoFolder } from '../services/catalog/brand-logos';
import { blogCoverSvg, productPhotoSvg, svgToPng } from './artwork';
import { brandLogoSvg } from './brand-logos';
import type { BrandName, ProductSeed } from './catalog-types';

/** sharp works on libuv's pool (4 threads by default): a few images at a time keep it busy. */
const IMAGE_CONCURRENCY = 4;

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type ImageJob = { keyBase: string; svg: () => string };

/** Distinct variant colours of a product, in variant order. */
function productColors(product: ProductSeed): string[] {
  return [...new Set(product.variants.map(([color]) => color))];
}

/** Folder that holds every file of a product's photos (removed if seeding fails). */
export const productFolder = (productId: number) => `product-images/${productId}`;

/**
 * Draws and stores the photos of the given products; returns each product's image URLs
 * (1200px renditions) in display order, indexed like `products`.
 */
export async function saveProductPhotos(
  storage: Storage,
  products: { id: number; seed: ProductSeed }[],
): Promise<string[][]> {
  const jobs: { product: number; job: ImageJob }[] = [];
  products.forEach(({ id, seed }, productIndex) => {
    const colors = productColors(seed);
    for (let photo = 0; photo < seed.photos; photo++) {
      const color = colors[photo % colors.length] ?? '#1f2937';
      jobs.push({
        product: productIndex,
        job: {
          keyBase: `${productFolder(id)}/${id}-foto-${photo + 1}`,
          svg: () => productPhotoSvg(seed.art, color, photo, productIndex),
        },
      });
    }
  });
  const urls = await mapLimit(jobs, IMAGE_CONCURRENCY, ({ job }) => saveJob(storage, job));
  const byProduct = products.map((): string[] => []);
  jobs.forEach(({ product }, i) => byProduct[product]?.push(urls[i] as string));
  return byProduct;
}

/** Draws and stores a cover per post; returns the cover URLs indexed like `postIds`. */
export function savePostCovers(storage: Storage, postIds: number[]): Promise<string[]> {
  return mapLimit(postIds, IMAGE_CONCURRENCY, (postId, index) =>
    saveJob(storage, {
      keyBase: `${postFolder(postId)}/${Date.now()}-portada`,
      svg: () => blogCoverSvg(index),
    }),
  );
}

export const postFolder = (postId: number) => `blog/${postId}`;

/** Draws and stores each brand's wordmark logo; returns the logo URLs indexed like `brands`. */
export function saveBrandLogos(
  storage: Storage,
  brands: { id: number; name: BrandName }[],
): Promise<string[]> {
  return mapLimit(brands, IMAGE_CONCURRENCY, ({ id, name }) =>
    saveJob(storage, {
      keyBase: `${brandLogoFolder(id)}/${id}-logo`,
      svg: () => brandLogoSvg(name),
    }),
  );
}

async function saveJob(storage: Storage, job: ImageJob): Promise<string> {
  const png = await svgToPng(job.svg());
  return saveImageRenditions(storage, job.keyBase, png);
}
