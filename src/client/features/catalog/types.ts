import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';

type CatalogOutputs = inferRouterOutputs<AppRouter>['catalog'];

export type ProductCardData = CatalogOutputs['list']['items'][number];
export type VariantData = ProductCardData['variants'][number];
export type ProductDetailData = NonNullable<CatalogOutputs['get']>;
