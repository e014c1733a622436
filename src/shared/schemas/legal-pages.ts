import { z } from 'zod';
import { formatCount } from '../format';
import { LEGAL_PAGE_BODY_MAX, LEGAL_PAGE_SLUGS, LEGAL_PAGE_TITLE_MAX } from '../legal-pages';
import { requiredText } from './common';

export const legalPageSlugSchema = z.object({ slug: z.enum(LEGAL_PAGE_SLUGS) });

/** A legal page as staff edit it: plain text, paragraphs separated by a blank line. */
export const legalPageInputSchema = z.object({
  slug: z.enum(LEGAL_PAGE_SLUGS),
  title: requiredText(
    LEGAL_PAGE_TITLE_MAX,
    'El título es requerido',
    `El título no debe exceder los ${LEGAL_PAGE_TITLE_MAX} caracteres`,
  ),
  body: requiredText(
    LEGAL_PAGE_BODY_MAX,
    'El texto es requerido',
    `El texto no debe exceder los ${formatCount(LEGAL_PAGE_BODY_MAX)} caracteres`,
  ),
});
export type LegalPageInput = z.infer<typeof legalPageInputSchema>;
