import { ImageOff } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { StoredImage } from './stored-image';

/** A square product picture for order and cart lines; a neutral tile when there is none. */
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
  const box = cn('bg-muted shrink-0 overflow-hidden rounded-md border border-border', className);
  if (!src) {
    return (
      <div
        className={cn(box, 'flex items-center justify-center')}
        style={{ width: size, height: size }}
      >
        <ImageOff className="text-muted-foreground size-5" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className={box} style={{ width: size, height: size }}>
      <StoredImage
        src={src}
        sizes={`${size}px`}
        alt={alt}
        width={size}
        height={size}
        className="size-full object-cover"
      />
    </div>
  );
}
