import type { PageSeo } from '@client/lib/seo';
import { clipDescription, DEFAULT_OG_IMAGE, richTextPlain } from '@client/lib/seo';
import type { ProductDetailData } from './types';

const SCHEMA = 'https://schema.org';

/**
 * The product page's meta: title with the brand, the description's first words, a JPEG
 * preview made for link previews, and Product + BreadcrumbList structured data (relative
 * URLs here; `absolute` turns them into the site's).
 */
export function productSeo(
  product: ProductDetailData,
  absolute: (path: string) => string,
): PageSeo {
  const path = `/producto/${product.slug}`;
  const description = clipDescription(
    richTextPlain(product.description) || `${product.name} de ${product.brandName}.`,
  );
  const isInStock = product.variants.some((variant) => variant.stock > 0);
  return {
    title: `${product.name} · ${product.brandName} · Tienda`,
    description,
    path,
    type: 'product',
    // Without a photo, the store's own preview: one image every such product shares.
    image: product.images.length > 0 ? `/og/producto/${product.slug}.jpg` : DEFAULT_OG_IMAGE,
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'Product',
        name: product.name,
        description,
        image: product.images.map(absolute),
        brand: { '@type': 'Brand', name: product.brandName },
        category: product.categoryName,
        offers: {
          '@type': 'Offer',
          price: product.minPrice,
          priceCurrency: 'USD',
          availability: `${SCHEMA}/${isInStock ? 'InStock' : 'OutOfStock'}`,
          url: absolute(path),
        },
      },
      {
        '@context': SCHEMA,
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Inicio', item: absolute('/') },
          { '@type': 'ListItem', position: 2, name: 'Tienda', item: absolute('/tienda') },
          { '@type': 'ListItem', position: 3, name: product.name, item: absolute(path) },
        ],
      },
    ],
  };
}
