import { Link } from '@tanstack/react-router';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { notify } from '@client/lib/notify';
import { addWithinStock } from '@client/stores/cart';
import { messages } from '@shared/client-messages';
import { ColourSwatches } from './colour-swatches';
import { ProductImage } from '@client/components/product-image';
import type { ProductCardData } from './types';
import {
  cartItemFor,
  colourOptions,
  firstInStock,
  initialVariant,
  lowestMemberPrice,
  lowestPrice,
} from './variants';
import { YourPrice } from '@client/components/your-price';
import type { MemberCardPrices } from '@client/lib/use-member-card-prices';

/** '+ IVA' never split over two lines on a phone's narrow card. */
const NOTE_WHOLE = 'whitespace-nowrap';
const CARD_IMAGE_SIZES = '(min-width: 1280px) 280px, (min-width: 640px) 33vw, 50vw';

/**
 * `isPriority`: the card opens the page (first row of the shop), its photo is the largest paint.
 * `memberPrices`: the signed-in member's prices of the list's cards (useMemberCardPrices), which
 * turn the price into 'Tu precio' beside the crossed list price.
 */
export function ProductCard({
  product,
  isPriority = false,
  memberPrices,
}: {
  product: ProductCardData;
  isPriority?: boolean;
  memberPrices?: MemberCardPrices;
}) {
  const colours = colourOptions(product.variants);
  const [color, setColor] = useState(() => initialVariant(product.variants)?.color);
  const inStock = firstInStock(product.variants, color);
  const [hasPickedColour, setHasPickedColour] = useState(false);
  // The product's price is its lowest variant price until a colour is picked
  // (docs/product.md#product-card).
  const price = (hasPickedColour && lowestPrice(product.variants, color)) || product.minPrice;
  const memberPrice = lowestMemberPrice(
    product.variants,
    hasPickedColour ? color : undefined,
    price,
    memberPrices,
  );
  const productPage = { to: '/producto/$slug', params: { slug: product.slug } } as const;

  function add() {
    if (!inStock) {
      notify.error(messages.productSoldOut);
      return;
    }
    const refusal = addWithinStock(cartItemFor(product, inStock, 1), inStock.stock);
    if (refusal) notify.error(refusal);
    else notify.success(messages.productAdded);
  }

  return (
    <article className="group border-border bg-card flex h-full flex-col overflow-hidden rounded-lg border shadow-sm transition-shadow hover:shadow-md">
      <Link
        {...productPage}
        className="focus-visible:ring-ring relative block bg-white focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          src={product.image}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          isPriority={isPriority}
          className="aspect-square w-full p-2 transition-transform duration-300 group-hover:scale-105 sm:p-4"
        />
        {!inStock && (
          <Badge variant="destructive" className="absolute top-3 left-3">
            agotado
          </Badge>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-muted-foreground truncate text-xs">
          {product.brandName} · {product.categoryName}
        </p>
        <h3 className="line-clamp-3 min-h-15 text-sm leading-5 font-semibold">
          <Link
            {...productPage}
            className="focus-visible:ring-ring rounded-sm hover:underline focus-visible:ring-2 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        <p className="text-base font-bold">
          <YourPrice
            listPrice={price}
            unitPrice={memberPrice}
            isStacked
            noteClassName={NOTE_WHOLE}
          />
        </p>
        {colours.length > 0 && (
          <ColourSwatches
            size="sm"
            label={`Colores de ${product.name}`}
            options={colours}
            selected={color}
            onSelect={(next) => {
              setColor(next);
              setHasPickedColour(true);
            }}
          />
        )}
        <Button
          className="mt-auto w-full"
          variant={inStock ? 'default' : 'outline'}
          onClick={add}
          aria-label={`Añadir ${product.name} al carrito`}
        >
          <ShoppingCart aria-hidden="true" />
          Añadir
        </Button>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="border-border bg-card flex flex-col overflow-hidden rounded-lg border">
      <Skeleton rounded="none" className="aspect-square w-full" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}

/** The grid every product list uses: 2 columns on phones up to 4 on wide screens. */
export function ProductGrid({ children, columns = 4 }: { children: ReactNode; columns?: 3 | 4 }) {
  return (
    <div
      className={
        columns === 3
          ? 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3'
          : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4'
      }
    >
      {children}
    </div>
  );
}
