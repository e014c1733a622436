import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PackageX } from 'lucide-react';
import { RichTextView } from '@client/components/rich-text-view';
import { QueryState } from '@client/components/query-state';
import { GoToShopButton } from '@client/components/go-to-shop-button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { ProductGallery } from './product-gallery';
import { ProductPurchase } from './product-purchase';
import { SimilarProducts } from './similar-products';
import type { ProductDetailData } from './types';

/** 'Producto no encontrado', answered with status 404 by the server. */
export function ProductNotFound() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <EmptyState
        icon={PackageX}
        title={messages.productNotFound}
        description={messages.productUnavailable}
        action={<GoToShopButton />}
      />
    </div>
  );
}

export function ProductPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.catalog.get.queryOptions({ slug }));
  const notFound = <ProductNotFound />;
  return (
    <QueryState query={query} pending={<FullPageSpinner />} error={notFound}>
      {(product) => (product ? <ProductDetail product={product} /> : notFound)}
    </QueryState>
  );
}

function ProductDetail({ product }: { product: ProductDetailData }) {
  return (
    // Keyed by slug: moving to another product starts a fresh selection (docs/product.md#producto).
    <article key={product.slug} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <nav aria-label="Ruta" className="text-muted-foreground mb-6 text-sm">
        <Link to="/tienda" className="hover:text-foreground">
          Tienda
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-foreground">{product.name}</span>
      </nav>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />
        <ProductPurchase product={product} />
      </div>
      <section aria-labelledby="description-title" className="mt-14 max-w-3xl">
        <h2 id="description-title" className="mb-4 text-2xl font-bold tracking-tight">
          Descripción
        </h2>
        <RichTextView doc={product.description} />
      </section>
      <SimilarProducts products={product.similar} />
    </article>
  );
}
