// '¿Olvidaste tu contraseña?': a single-use link, valid 60 minutes, mailed to the account's
// address; the same answer, in the same time, whether the address has an account or not.
// Setting the new password ends every session of the account.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { PasswordResetInput } from '@shared/schemas/account';
import { invalidateUserSessions } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { queueMail } from '../../mail/order-mails';
import type { MailContext } from '../infra/account-mail-context';
import { consumeAccountToken, dropAccountTokens, issueAccountToken } from './account-tokens';
import { newPasswordHash } from './new-password';

export const PASSWORD_RESET_MINUTES = 60;
/** The page the link opens; the token follows '#'. */
export const PASSWORD_RESET_PATH = '/nueva-contrasena';

/**
 * Queues the reset mail for `email`, whether it has an account or not: the request does the same
 * work either way (one insert), so neither its answer nor its time tells whether the address has
 * an account. Whether it does is decided when the mail is sent (`mintSecretLink`), which makes
 * the link for the account of that address, or sends nothing
 * (docs/decisions/076-secrets-out-of-backups-and-mails.md). The caller's rate limits count the
 * address typed either way.
 */
export async function requestPasswordReset(db: Database, email: string, context: MailContext) {
  await queueMail(
    db,
    accountMails(context.store).passwordReset(email, PASSWORD_RESET_PATH, PASSWORD_RESET_MINUTES),
  );
}

/**
 * The token of a reset mail being sent to `email`: a new link of that address's account (the
 * earlier ones stop working), living PASSWORD_RESET_MINUTES from now; null without account.
 */
export async function mintPasswordResetToken(
  db: Executor,
  email: string,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) return null;
    return issueAccountToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      email,
      ttlMs: PASSWORD_RESET_MINUTES * 60_000,
      now,
    });
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
