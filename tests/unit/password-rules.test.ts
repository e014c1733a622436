// A new password's rules as the form and the procedure both read them (shared schemas), and the
// server's list of common breached passwords (docs/decisions/078-account-security-per-asvs.md).
import { describe, expect, it } from 'vitest';
import { isBreachedPassword } from '@server/auth/breached-passwords';
import { changePasswordSchema, passwordResetSchema } from '@shared/schemas/account';
import { PASSWORD_MIN_LENGTH, registerInputSchema } from '@shared/schemas/auth';

const TOO_SHORT = 'La contraseña debe tener al menos 8 caracteres';

/** The password's messages when `schema` reads `input`. */
const passwordIssues = (
  schema: {
    safeParse: (input: unknown) => {
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: object,
  field: string,
) =>
  (schema.safeParse(input).error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === field)
    .map((issue) => issue.message);

describe('a new password', () => {
  it('needs 8 characters at sign-up, in a change and after a reset', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    const signUp = (password: string) =>
      passwordIssues(
        registerInputSchema,
        { fullName: 'Ana', email: 'ana@empresa.uy', password },
        'password',
      );
    const change = (newPassword: string) =>
      passwordIssues(changePasswordSchema, { currentPassword: 'x', newPassword }, 'newPassword');
    const reset = (password: string) =>
      passwordIssues(passwordResetSchema, { token: 'abc', password }, 'password');
    for (const rule of [signUp, change, reset]) {
      expect(rule('siete77')).toEqual([TOO_SHORT]);
      expect(rule('ocho8888')).toEqual([]);
    }
  });
});

describe('the common breached passwords', () => {
  it('are found whatever their case and the spaces around them', () => {
    for (const password of ['password1', 'PASSWORD1', '  Password1  ', 'qwerty123', 'iloveyou1']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
  });

  it('include the store’s own language and place', () => {
    for (const password of ['contraseña', 'Montevideo', 'penarol123', 'tequiero1']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
  });

  it('leave an uncommon password alone, and do not match inside one', () => {
    for (const password of ['mate-amargo-7', 'password1 con más', 'pass word1', '']) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });
});
