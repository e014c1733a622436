import { ImageOff } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { StoredImage } from './stored-image';

/**
 * A square product picture for order lines and the admin's product list, shown whole on white
 * as on the product cards; a neutral tile when there is none.
 */
export function ProductThumb({
  src,
  alt,
  size = 64,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size?: number;
  className?: string;
}) {
  const box = cn('shrink-0 overflow-hidden rounded-md border border-border', className);
  if (!src) {
    return (
      <div
        className={cn(box, 'bg-muted flex items-center justify-center')}
        style={{ width: size, height: size }}
      >
        <ImageOff className="text-muted-foreground size-5" role="img" aria-label="Sin imagen" />
      </div>
    );
  }
  return (
    <div className={cn(box, 'bg-white')} style={{ width: size, height: size }}>
      <StoredImage
        src={src}
        sizes={`${size}px`}
        alt={alt}
        width={size}
        height={size}
        className="size-full object-contain"
      />
    </div>
  );
}
