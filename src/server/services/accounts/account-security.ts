// 'Acceso y seguridad' of the account: its address (confirmed or not, and a change waiting
// for confirmation), 'Cambiar contraseña' and 'Cambiar correo'. The caller has checked the
// current password (routers/account/password-check.ts).
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Database } from '../../db/client';
import { accountTokens, sessions, users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { type RateLimiter, tookPoint } from '../../rate-limits';
import type { MailContext } from '../infra/account-mail-context';
import { queueEmailVerification } from './email-verification';
import { newPasswordHash } from './new-password';
import { foundOrThrow } from '../infra/found';
import { fieldRefusalError } from '../../validation';

/** The page to ask for a reset link from, named in the 'address taken' mail. */
const RESET_REQUEST_PATH = '/recuperar-contrasena';

export async function getAccountSecurity(db: Database, userId: number, now: Date) {
  const user = await foundOrThrow(
    db
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId)),
    messages.userNotFound,
  );
  // A live verification link for another address is a change waiting for confirmation.
  const [pending] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email_verification'),
        ne(accountTokens.email, user.email),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return {
    email: user.email,
    isVerified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
  };
}

/**
 * The new password (refused at `newPassword` when it is a common breached one); every other
 * session of the account ends, this one stays.
 */
export async function changePassword(
  db: Database,
  account: { userId: number; email: string; sessionId: string },
  newPassword: string,
  store: StoreIdentity,
) {
  const passwordHash = await newPasswordHash(newPassword, 'newPassword');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, account.userId), ne(sessions.id, account.sessionId)));
    await queueMail(tx, accountMails(store).passwordChanged(account.email));
  });
}

/**
 * Asks to use `newEmail`: a confirmation link goes to it and a notice to the current address;
 * login keeps the current address until the link is opened
 * (docs/decisions/061-verified-email.md). An address that already has an account gets a mail
 * saying so instead, at most once a day (`unaskedMails`, per address: its owner asked for
 * nothing, docs/decisions/076-secrets-out-of-backups-and-mails.md), and the caller answers the
 * same either way: nobody learns here whose it is.
 */
export async function requestEmailChange(
  db: Database,
  account: { userId: number; email: string },
  newEmail: string,
  context: MailContext & { unaskedMails: RateLimiter },
) {
  if (newEmail === account.email) throw fieldRefusalError('email', messages.emailSameAsCurrent);
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (owner) {
      if (await tookPoint(context.unaskedMails, `email-taken:${newEmail}`)) {
        await queueMail(tx, accountMails(context.store).emailTaken(newEmail, RESET_REQUEST_PATH));
      }
      return;
    }
    await queueEmailVerification(
      tx,
      { id: account.userId, email: newEmail, isChange: true },
      context,
    );
    await queueMail(tx, accountMails(context.store).emailChangeNotice(account.email, newEmail));
  });
}
