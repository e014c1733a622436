import { z } from 'zod';

/** `?redirect=/checkout`: where to go after signing in; only paths of this site are accepted. */
export const authSearchSchema = z.object({
  redirect: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
});
