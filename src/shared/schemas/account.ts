// Inputs of password recovery, e-mail verification, the account's security settings and its
// deletion.
import { z } from 'zod';
import { registerInputSchema } from './auth';
import { emailSchema, linkTokenSchema as tokenSchema } from './common';

export { TOKEN_MAX } from './common';

/** The new password: the same rules as at sign-up. */
const newPasswordSchema = registerInputSchema.shape.password;

/** A password typed to confirm who is asking; its rules are the login's. */
const currentPasswordSchema = z.string().min(1, 'Ingresá tu contraseña').max(128);

const EMAIL_INVALID = 'El correo electrónico no es válido';

export const passwordResetRequestSchema = z.object({
  email: emailSchema(EMAIL_INVALID, 'Ingresá tu correo electrónico'),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const tokenInputSchema = z.object({ token: tokenSchema });
export type TokenInput = z.infer<typeof tokenInputSchema>;

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema(EMAIL_INVALID, 'Ingresá el correo nuevo'),
  password: currentPasswordSchema,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
