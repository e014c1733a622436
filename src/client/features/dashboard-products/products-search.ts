import { z } from 'zod';

/** /dashboard/productos?q=...&page=2: the table's state lives in the URL. */
export const productsSearchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ProductsSearch = z.infer<typeof productsSearchSchema>;

export const SEARCH_DEBOUNCE_MS = 500;
