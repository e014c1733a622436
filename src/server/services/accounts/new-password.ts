// Every password a person chooses (sign-up, 'Cambiar contraseña', a reset link's new one) passes
// here before it is hashed: the schema has checked its length, this refuses the common breached
// ones at the form's field (docs/decisions/078-account-security-per-asvs.md). Logging in never
// checks it, so an older account keeps its password until it chooses another.
import { messages } from '@shared/messages';
import { isBreachedPassword } from '../../auth/breached-passwords';
import { hashPassword } from '../../auth/password';
import { fieldRefusalError } from '../../validation';

/** Refuses a common breached password at the form's `field`. */
export function refuseBreachedPassword(password: string, field: string): void {
  if (isBreachedPassword(password)) throw fieldRefusalError(field, messages.passwordBreached);
}

/** The hash of a newly chosen password, once it is known not to be a breached one. */
export async function newPasswordHash(password: string, field: string): Promise<string> {
  refuseBreachedPassword(password, field);
  return hashPassword(password);
}
