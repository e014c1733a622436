import { z } from 'zod';
import { boundedText, emailSchema, idSchema, requiredText } from './common';

export const CONTACT_NAME_MAX = 120;
export const CONTACT_PHONE_MAX = 30;
export const CONTACT_MESSAGE_MAX = 5_000;
const HONEYPOT_MAX = 500;
/** Staff inbox page size (contact messages, quote requests, subscribers). */
export const INBOX_PAGE_SIZE = 20;

export const contactInputSchema = z.object({
  name: requiredText(
    CONTACT_NAME_MAX,
    'El nombre es requerido',
    'El nombre no debe exceder los 120 caracteres',
  ),
  email: emailSchema('El correo electrónico no es válido', 'El correo electrónico es requerido'),
  phone: boundedText(CONTACT_PHONE_MAX, 'El teléfono no debe exceder los 30 caracteres').optional(),
  message: requiredText(
    CONTACT_MESSAGE_MAX,
    'El mensaje es requerido',
    'El mensaje no debe exceder los 5.000 caracteres',
  ),
  // Honeypot: hidden from people, filled in by bots. A non-empty value is silently dropped.
  website: z.string().max(HONEYPOT_MAX).optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export type ContactFormValues = z.input<typeof contactInputSchema>;

export const inboxReadInputSchema = z.object({
  id: idSchema,
  isRead: z.boolean(),
});
export type InboxReadInput = z.infer<typeof inboxReadInputSchema>;
