import { ImageOff } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { IMAGE_WIDTHS } from '@shared/images';
import { StoredImage } from './stored-image';

type ProductImageProps = {
  src: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the image shows, so the browser picks a rendition. */
  sizes: string;
  className?: string;
  /** The main image of a page is loaded at once; everything else lazily. */
  isPriority?: boolean;
  /** `none` where the caller's className gives the box its own background. */
  placeholderBackground?: 'muted' | 'none';
};

/** A stored product photo (square renditions) with width and height set: no layout shift. */
export function ProductImage({
  src,
  alt,
  sizes,
  className,
  isPriority = false,
  placeholderBackground = 'muted',
}: ProductImageProps) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          'text-muted-foreground flex items-center justify-center',
          placeholderBackground === 'muted' && 'bg-muted',
          className,
        )}
      >
        <ImageOff className="size-8" aria-hidden="true" />
      </div>
    );
  }
  return (
    <StoredImage
      src={src}
      isPriority={isPriority}
      sizes={sizes}
      alt={alt}
      width={IMAGE_WIDTHS.small}
      height={IMAGE_WIDTHS.small}
      className={cn('object-contain', className)}
    />
  );
}
