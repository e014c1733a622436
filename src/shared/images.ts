import { messages } from './client-messages';

// Uploaded images are stored as WebP in two widths; the database keeps the large one's URL.
export const IMAGE_WIDTHS = { small: 400, large: 1200 } as const;

const LARGE_SUFFIX = `-${IMAGE_WIDTHS.large}.webp`;

/** URL of the small rendition next to a stored large one (other URLs are returned as they are). */
export function smallImageUrl(url: string): string {
  return url.endsWith(LARGE_SUFFIX)
    ? `${url.slice(0, -LARGE_SUFFIX.length)}-${IMAGE_WIDTHS.small}.webp`
    : url;
}

/** srcset for an <img> showing a stored image. */
export function imageSrcSet(url: string): string | undefined {
  if (!url.endsWith(LARGE_SUFFIX)) return undefined;
  return `${smallImageUrl(url)} ${IMAGE_WIDTHS.small}w, ${url} ${IMAGE_WIDTHS.large}w`;
}

/** The largest upload the server accepts (server/storage/images.ts checks the bytes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What the dashboard's file pickers offer: the formats the server re-encodes. */
export const IMAGE_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Why a chosen file cannot be uploaded, checked before sending to spare a useless upload. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return messages.invalidImage;
  if (file.size > MAX_IMAGE_BYTES) return messages.imageTooLarge;
  return null;
}
