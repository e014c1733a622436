import { useState } from 'react';
import { cn } from '@client/lib/cn';
import { ProductImage } from '@client/components/product-image';

/** Large image (500px high from tablets up) with a row of thumbnails that switch it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0] ?? null;

  return (
    <div className="flex flex-col gap-3">
      <div className="border-border flex h-80 items-center justify-center overflow-hidden rounded-lg border bg-white sm:h-[500px]">
        <ProductImage
          isPriority
          src={current}
          alt={name}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="h-full w-full p-6"
        />
      </div>
      {images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto pb-1" aria-label="Imágenes del producto">
          {images.map((image, position) => (
            <button
              key={image}
              type="button"
              aria-label={`Ver imagen ${position + 1} de ${images.length}`}
              aria-pressed={position === index}
              onClick={() => setIndex(position)}
              className={cn(
                'focus-visible:ring-ring size-20 shrink-0 overflow-hidden rounded-md border-2 bg-white transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none',
                position === index ? 'border-primary' : 'border-border hover:border-input',
              )}
            >
              <ProductImage src={image} alt="" sizes="80px" className="size-full p-1" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
