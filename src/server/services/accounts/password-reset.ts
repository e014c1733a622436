// '¿Olvidaste tu contraseña?': a single-use link, valid 60 minutes, mailed to the account's
// address; the same answer whether the address has an account or not (the router answers it).
// Setting the new password ends every session of the account.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { PasswordResetInput } from '@shared/schemas/account';
import { invalidateUserSessions } from '../../auth/session';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { queueMail } from '../../mail/order-mails';
import type { MailContext } from '../infra/account-mail-context';
import { tokenPath } from '../infra/account-mail-context';
import { consumeAccountToken, dropAccountTokens, issueAccountToken } from './account-tokens';
import { newPasswordHash } from './new-password';

export const PASSWORD_RESET_MINUTES = 60;
/** The page the link opens; the token follows '#'. */
export const PASSWORD_RESET_PATH = '/nueva-contrasena';

/**
 * Mails a reset link when `email` has an account; does nothing otherwise. The caller answers
 * the same text either way, and the caller's rate limits count the address whether or not it
 * has an account, so neither the answer nor a refusal tells which.
 */
export async function requestPasswordReset(db: Database, email: string, context: MailContext) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) return;
    const token = await issueAccountToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      email,
      ttlMs: PASSWORD_RESET_MINUTES * 60_000,
      now: context.now,
    });
    await queueMail(
      tx,
      accountMails(context.store).passwordReset(
        email,
        tokenPath(PASSWORD_RESET_PATH, token),
        PASSWORD_RESET_MINUTES,
      ),
    );
  });
}

/**
 * The link's new password: stored, the link used up, every session of the account ended.
 * Opening the link proved the mailbox, so an unconfirmed address counts as confirmed.
 */
export async function completePasswordReset(
  db: Database,
  input: PasswordResetInput,
  context: MailContext,
): Promise<void> {
  const { now } = context;
  // Hashed before the transaction: argon2 takes a while and must not hold row locks.
  const passwordHash = await newPasswordHash(input.password, 'password');
  await db.transaction(async (tx) => {
    const link = await consumeAccountToken(tx, input.token, 'password_reset', now);
    if (!link) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.resetLinkInvalid });
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, link.userId));
    if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.resetLinkInvalid });
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? (link.email === user.email ? now : null),
      })
      .where(eq(users.id, link.userId));
    await dropAccountTokens(tx, link.userId, 'password_reset');
    await invalidateUserSessions(tx, link.userId);
    await queueMail(tx, accountMails(context.store).passwordChanged(user.email));
  });
}
