import {
  adminProductListInputSchema,
  productIdInputSchema,
  productSlugInputSchema,
} from '@shared/schemas/product';
import { deleteProduct, getAdminProduct, listAdminProducts } from '../../services/catalog/products';
import { adminProcedure, CHANGES_CATALOG, router } from '../../trpc/init';

// Creating and updating carry image files, so they are the multipart routes of
// server/http/product-uploads.ts; everything else is here.
export const adminProductsRouter = router({
  list: adminProcedure
    .input(adminProductListInputSchema)
    .query(({ ctx, input }) => listAdminProducts(ctx.db, input)),
  get: adminProcedure
    .input(productSlugInputSchema)
    .query(({ ctx, input }) => getAdminProduct(ctx.db, input.slug)),
  delete: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(productIdInputSchema)
    .mutation(({ ctx, input }) => deleteProduct(ctx, input.id, ctx.session.user.id)),
});
