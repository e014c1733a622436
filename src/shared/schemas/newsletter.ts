import { z } from 'zod';
import { emailSchema } from './common';

export const newsletterInputSchema = z.object({
  email: emailSchema('El correo electrónico no es válido', 'El correo electrónico es requerido'),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;
