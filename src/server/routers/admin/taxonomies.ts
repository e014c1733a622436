import {
  brandLogoRemoveInputSchema,
  taxonomyCreateInputSchema,
  taxonomyDeleteInputSchema,
  taxonomyListInputSchema,
  taxonomyUpdateInputSchema,
} from '@shared/schemas/taxonomy';
import {
  createTaxonomy,
  deleteTaxonomy,
  listTaxonomyUsage,
  renameTaxonomy,
  taxonomyOptions,
} from '../../services/catalog/taxonomies';
import { removeBrandLogo } from '../../services/catalog/brand-logos';
import { adminProcedure, CHANGES_CATALOG, router } from '../../trpc/init';

/**
 * Brands and categories: add, rename, delete while unused, a brand's optional logo
 * (docs/decisions/023-taxonomies-rename-and-delete.md).
 */
export const adminTaxonomiesRouter = router({
  list: adminProcedure
    .input(taxonomyListInputSchema)
    .query(({ ctx, input }) => listTaxonomyUsage(ctx.db, input.kind, input.page)),
  options: adminProcedure.query(({ ctx }) => taxonomyOptions(ctx.db)),
  create: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(taxonomyCreateInputSchema)
    .mutation(async ({ ctx, input }) => {
      const created = await createTaxonomy(ctx.db, input, ctx.session.user.id);
      return created;
    }),
  update: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(taxonomyUpdateInputSchema)
    .mutation(async ({ ctx, input }) => {
      const renamed = await renameTaxonomy(ctx.db, input, ctx.session.user.id);
      return renamed;
    }),
  delete: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(taxonomyDeleteInputSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTaxonomy(ctx, input, ctx.session.user.id);
      return { id: input.id };
    }),
  /** Uploading a logo is a multipart route (http/brand-logo-uploads.ts); removing one is not. */
  removeLogo: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(brandLogoRemoveInputSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, logoUrl } = await removeBrandLogo(ctx, input.id, ctx.session.user.id);
      return { id, logoUrl };
    }),
});
