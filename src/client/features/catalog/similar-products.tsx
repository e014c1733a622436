import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { IconButton } from '@client/components/ui/button';
import { useMemberCardPrices } from '@client/lib/use-member-card-prices';
import { ProductCard } from './product-card';
import type { ProductCardData } from './types';

/**
 * 'Productos similares': a row that scrolls sideways on small screens. The cards come with the
 * product (catalog.get), so the row is there whenever the product is.
 */
export function SimilarProducts({ products }: { products: ProductCardData[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const memberPrices = useMemberCardPrices(products.map((product) => product.id));

  if (products.length === 0) return null;

  const scroll = (direction: 1 | -1) =>
    trackRef.current?.scrollBy({
      left: direction * trackRef.current.clientWidth * 0.8,
      behavior: 'smooth',
    });

  return (
    <section aria-labelledby="similar-title" className="mt-16">
      <div className="mb-5 flex items-center justify-between gap-4">
        <h2 id="similar-title" className="text-2xl font-bold tracking-tight">
          Productos similares
        </h2>
        <div className="flex gap-2 lg:hidden">
          <IconButton
            label="Anteriores"
            icon={ChevronLeft}
            variant="outline"
            onClick={() => scroll(-1)}
          />
          <IconButton
            label="Siguientes"
            icon={ChevronRight}
            variant="outline"
            onClick={() => scroll(1)}
          />
        </div>
      </div>
      <div
        ref={trackRef}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:gap-5 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0"
      >
        {products.map((product) => (
          <div key={product.id} className="w-[70%] shrink-0 snap-start sm:w-[42%] lg:w-auto">
            <ProductCard product={product} memberPrices={memberPrices} />
          </div>
        ))}
      </div>
    </section>
  );
}
