import { z } from 'zod';

export const newsletterInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'El correo electrónico es requerido')
    .max(254, 'El correo electrónico no es válido')
    .pipe(z.email('El correo electrónico no es válido')),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;
