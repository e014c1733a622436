// A new account is mailed a link that confirms its address (valid 48 hours); so is a new
// address the account asks to use. Until the address is confirmed the account may request
// quotes but hold only a few units (UNVERIFIED_MAX_HELD_UNITS, heldUnitsCapOf in
// services/orders/held-units.ts).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Database, Executor } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { customers, users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { queueMail } from '../../mail/order-mails';
import type { MailContext } from '../infra/account-mail-context';
import {
  consumeAccountToken,
  dropAccountTokens,
  mintAccountToken,
  reserveAccountToken,
} from './account-tokens';

export const EMAIL_VERIFICATION_HOURS = 48;
/** The page the link opens; the token follows '#'. */
export const VERIFY_EMAIL_PATH = '/confirmar-correo';

/**
 * Mails `email` a link that confirms it for the account: its own address after sign-up, or
 * the new one it asked to change to. Only the latest request of the account works: its link is
 * reserved now (what the account is waiting to confirm) and made when the mail is sent.
 */
export async function queueEmailVerification(
  tx: Executor,
  user: { id: number; email: string; isChange: boolean },
  context: MailContext,
) {
  await reserveAccountToken(tx, verificationLink(user.id, user.email, context.now));
  const link = { path: VERIFY_EMAIL_PATH, userId: user.id };
  const mails = accountMails(context.store);
  await queueMail(
    tx,
    user.isChange
      ? mails.confirmNewEmail(user.email, link, EMAIL_VERIFICATION_HOURS)
      : mails.verifyEmail(user.email, link, EMAIL_VERIFICATION_HOURS),
  );
}

const verificationLink = (userId: number, email: string, now: Date) => ({
  userId,
  purpose: 'email_verification' as const,
  email,
  ttlMs: EMAIL_VERIFICATION_HOURS * 60 * 60_000,
  now,
});

/**
 * The token of a confirmation mail being sent to `email`, living EMAIL_VERIFICATION_HOURS from
 * now; null when the account asked since for another address, or confirmed this one.
 */
export const mintVerificationToken = (db: Executor, userId: number, email: string, now: Date) =>
  mintAccountToken(db, verificationLink(userId, email, now));

/** After sign-up: the new account's first link. */
export async function sendSignUpVerification(db: Database, userId: number, context: MailContext) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user)
      await queueEmailVerification(tx, { id: userId, email: user.email, isChange: false }, context);
  });
}

/** 'Reenviar': a new link to the account's address (the caller limits how often). */
export async function resendVerification(db: Database, userId: number, context: MailContext) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: messages.userNotFound });
    if (user.emailVerifiedAt) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.emailAlreadyVerified });
    }
    await queueEmailVerification(tx, { id: userId, email: user.email, isChange: false }, context);
  });
}

/**
 * The link was opened: its address is confirmed. When it is a new address, the account
 * changes to it now (login too), and the reset links mailed to the old one stop working.
 */
export async function confirmEmail(
  db: Database,
  token: string,
  now: Date,
): Promise<{ email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeAccountToken(tx, token, 'email_verification', now);
      if (!link) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.verifyLinkInvalid });
      const [user] = await tx
        .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, link.userId));
      if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.verifyLinkInvalid });
      if (link.email === user.email) {
        if (!user.emailVerifiedAt) {
          await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, link.userId));
        }
        return { email: user.email };
      }
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now })
        .where(eq(users.id, link.userId));
      await tx
        .update(customers)
        .set({ email: link.email })
        .where(eq(customers.userId, link.userId));
      await dropAccountTokens(tx, link.userId, 'password_reset');
      return { email: link.email };
    });
  } catch (error) {
    // Another account took the address between the request and the confirmation.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.emailTakenOnConfirm });
    }
    throw error;
  }
}
