import { z } from 'zod';
import { DEFAULT_DESK_PAGE_SIZE, DESK_PAGE_SIZES } from '../staff-desk';
import { PAGE_MAX } from '../page';

/** The 1-based page of a list; every paginated procedure reads it as `page`. */
export const pageSchema = z.number().int().min(1).max(PAGE_MAX).default(1);

/** Input of a list whose only parameter is its page. */
export const pageInputSchema = z.object({ page: pageSchema });

/** How many rows a staff list shows (25, 50 or 100), the orders' desk and 'Comprobantes'. */
export const deskPageSizeSchema = z
  .union([
    z.literal(DESK_PAGE_SIZES[0]),
    z.literal(DESK_PAGE_SIZES[1]),
    z.literal(DESK_PAGE_SIZES[2]),
  ])
  .default(DEFAULT_DESK_PAGE_SIZE);
