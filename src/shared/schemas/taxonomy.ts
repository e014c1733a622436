import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { pageSchema } from './page';

export const TAXONOMY_NAME_MAX = 60;
/** Each list of the dashboard's taxonomies page. */
export const TAXONOMY_PAGE_SIZE = 20;
/** The shop's brand and category filters and the home page's brand strip. */
export const TAXONOMY_FILTER_PAGE_SIZE = 50;

/**
 * Brands and categories share one shape and one set of rules
 * (docs/decisions/023-taxonomies-rename-and-delete.md).
 */
export const taxonomyKindSchema = z.enum(['brand', 'category']);
export type TaxonomyKind = z.infer<typeof taxonomyKindSchema>;

export const taxonomyNameSchema = requiredText(
  TAXONOMY_NAME_MAX,
  'El nombre es obligatorio',
  'El nombre no debe exceder los 60 caracteres',
);

export const taxonomyListInputSchema = z.object({
  kind: taxonomyKindSchema,
  page: pageSchema,
});
export type TaxonomyListInput = z.input<typeof taxonomyListInputSchema>;

export const taxonomyCreateInputSchema = z.object({
  kind: taxonomyKindSchema,
  name: taxonomyNameSchema,
});
export type TaxonomyCreateInput = z.infer<typeof taxonomyCreateInputSchema>;

export const taxonomyUpdateInputSchema = z.object({
  kind: taxonomyKindSchema,
  id: idSchema,
  name: taxonomyNameSchema,
});
export type TaxonomyUpdateInput = z.infer<typeof taxonomyUpdateInputSchema>;

export const taxonomyDeleteInputSchema = z.object({ kind: taxonomyKindSchema, id: idSchema });
export type TaxonomyDeleteInput = z.infer<typeof taxonomyDeleteInputSchema>;

/** The brand id of a logo removal. */
export const brandLogoRemoveInputSchema = z.object({ id: idSchema });
export type BrandLogoRemoveInput = z.infer<typeof brandLogoRemoveInputSchema>;

/** The multipart field of a brand's logo upload, and what a successful upload answers. */
export const BRAND_LOGO_FIELD = 'logo';
export const brandLogoUrl = (brandId: number) => `/api/admin/brands/${brandId}/logo`;
export type BrandLogoSaved = { id: number; logoUrl: string };

/** The form of one list: just the name. */
export const taxonomyNameFormSchema = z.object({ name: taxonomyNameSchema });
export type TaxonomyNameForm = z.infer<typeof taxonomyNameFormSchema>;
