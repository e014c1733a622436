import { z } from 'zod';
import { PAGE_MAX } from '../page';

/** The 1-based page of a list; every paginated procedure reads it as `page`. */
export const pageSchema = z.number().int().min(1).max(PAGE_MAX).default(1);

/** Input of a list whose only parameter is its page. */
export const pageInputSchema = z.object({ page: pageSchema });
