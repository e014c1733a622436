import { z } from 'zod';
import { boundedText, documentLine, EMAIL_MAX, emailSchema, linkTokenSchema } from './common';

/**
 * OWASP ASVS 2.1.1 asks for 12; 8 is NIST 800-63B's floor, which the server's check against
 * the common breached passwords completes (docs/decisions/078-account-security-per-asvs.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX = 120;
export const PHONE_MAX = 30;

export const registerInputSchema = z.object({
  // Printed on every quote of the account: one line of what the PDF draws.
  fullName: documentLine(FULL_NAME_MAX, {
    required: 'El nombre completo es requerido',
    tooLong: `El nombre no debe exceder los ${FULL_NAME_MAX} caracteres`,
  }),
  phone: boundedText(
    PHONE_MAX,
    `El celular no debe exceder los ${PHONE_MAX} caracteres`,
  ).optional(),
  email: emailSchema('El correo electrónico no es válido'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`)
    .max(PASSWORD_MAX_LENGTH, 'La contraseña no debe exceder los 128 caracteres'),
  /**
   * Signing up from a company's invitation: the token of its mailed link. The server checks
   * it and that the address is the one invited; the link proved that mailbox, so the new
   * account starts confirmed.
   */
  invitationToken: linkTokenSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

// Login checks only that both fields are filled; anything else is a failed login.
export const loginInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Ingresá tu correo electrónico')
    .max(EMAIL_MAX, 'El correo electrónico no es válido'),
  password: z
    .string()
    .min(1, 'Ingresá tu contraseña')
    .max(PASSWORD_MAX_LENGTH, 'La contraseña no debe exceder los 128 caracteres'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;
