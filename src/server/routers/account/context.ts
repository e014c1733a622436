// What the account procedures share: the mail context of a call, the check of the caller's
// own password.
import { TRPCError } from '@trpc/server';
import { messages } from '@shared/messages';
import { checkLoginWithBackoff } from '../../auth/login-backoff';
import type { SessionUser } from '../../auth/session';
import type { MailContext } from '../../services/infra/account-mail-context';
import { passwordOwner } from '../../services/accounts/accounts';
import type { Context } from '../../trpc/context';
import { fieldRefusalError } from '../../validation';

/** deps.clock's instant and the store's identity (its name, logo and address in mails). */
export const mailContextOf = async (ctx: Context): Promise<MailContext> => ({
  now: ctx.clock.now(),
  store: await ctx.storeIdentity(),
});

/**
 * Refuses, under the form's `field`, a password that is not the caller's. Wrong guesses count
 * like failed logins of this address and account (auth/login-backoff.ts), so a borrowed
 * session cannot try passwords faster than the login form.
 */
export async function checkOwnPassword(
  ctx: Context & { session: SessionUser },
  password: string,
  field: string,
) {
  const { email } = ctx.session.user;
  try {
    await checkLoginWithBackoff(ctx, { email, ip: ctx.ip }, () =>
      passwordOwner(ctx.db, { email, password }),
    );
  } catch (error) {
    // The login's UNAUTHORIZED would read as a lost session in the browser: this is a field's.
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') {
      throw fieldRefusalError(field, messages.currentPasswordWrong);
    }
    throw error;
  }
}
