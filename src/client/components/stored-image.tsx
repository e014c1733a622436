import type * as React from 'react';
import { imageSrcSet, smallImageUrl } from '@shared/images';

export type StoredImageProps = Omit<React.ComponentProps<'img'>, 'src' | 'srcSet' | 'loading'> & {
  /** The stored upload's URL; its renditions make the srcset. */
  src: string;
  alt: string;
  /** How wide the image shows, so the browser picks a rendition. */
  sizes: string;
  /** Width and height are always set: the box is reserved before the image arrives. */
  width: number;
  height: number;
  /**
   * The page's main image (the LCP candidate the server preloads): the full-size URL, fetched
   * at once with high priority. Every other image starts from the small rendition, lazily.
   */
  isPriority?: boolean;
};

/** An uploaded image (product photo, blog cover) as every page shows one. */
export function StoredImage({ src, isPriority = false, ...props }: StoredImageProps) {
  return (
    <img
      src={isPriority ? src : smallImageUrl(src)}
      srcSet={imageSrcSet(src)}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPriority ? 'high' : undefined}
      {...props}
    />
  );
}
