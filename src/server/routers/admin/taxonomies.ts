import {
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
} from '../../services/taxonomies';
import { adminProcedure, router } from '../../trpc/init';

/** Brands and categories (DECISIONS 23): add, rename, delete while unused. */
export const adminTaxonomiesRouter = router({
  list: adminProcedure
    .input(taxonomyListInputSchema)
    .query(({ ctx, input }) => listTaxonomyUsage(ctx.db, input.kind, input.page)),
  options: adminProcedure.query(({ ctx }) => taxonomyOptions(ctx.db)),
  create: adminProcedure
    .input(taxonomyCreateInputSchema)
    .mutation(({ ctx, input }) => createTaxonomy(ctx.db, input)),
  update: adminProcedure
    .input(taxonomyUpdateInputSchema)
    .mutation(({ ctx, input }) => renameTaxonomy(ctx.db, input)),
  delete: adminProcedure.input(taxonomyDeleteInputSchema).mutation(async ({ ctx, input }) => {
    await deleteTaxonomy(ctx.db, input);
    return { id: input.id };
  }),
});
