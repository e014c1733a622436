// The dashboard's 'Correos': the mails in the outbox, sent or waiting. Without SMTP_URL this is
// where staff read them (docs/decisions/041-mail-without-smtp.md), except a secret link, which
// is made only when its mail is sent and shown here as a sentence saying so
// (docs/decisions/076-secrets-out-of-backups-and-mails.md).
import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { MAIL_PAGE_SIZE } from '@shared/schemas/quote';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/paginate';
import { outbox } from '../../db/schema';
import { mailWaitReason } from '../../mail/delivery-errors';
import { LINK_TOKEN_SLOT } from '../../mail/layout';
import { foundOrThrow } from '../infra/found';

const isMail = eq(outbox.kind, 'mail');

/** An address ending in the token's slot: the secret link of a mail not sent yet, or sent. */
const SECRET_LINK = new RegExp(`\\S*#${LINK_TOKEN_SLOT.replace(/[{}]/g, '\\$&')}`, 'g');

/** The text staff read: the secret link said in words, a reset mail's condition told. */
function shownText(text: string, secretPurpose: string | null) {
  const shown = text.replace(SECRET_LINK, messages.mailSecretLinkHidden);
  return secretPurpose === 'password_reset'
    ? `${messages.mailResetOnlyToAccounts}\n\n${shown}`
    : shown;
}

/**
 * The mails, newest first, each with why it waits (no SMTP_URL, or its last error in Spanish).
 */
export async function listMails(db: Executor, page: number, isSmtpConfigured: boolean) {
  const query = db
    .select({
      id: outbox.id,
      to: sql<string>`${outbox.payload}->>'to'`,
      subject: sql<string>`${outbox.payload}->>'subject'`,
      createdAt: outbox.createdAt,
      deliveredAt: outbox.deliveredAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(isMail)
    .orderBy(desc(outbox.id))
    .$dynamic();
  const result = await paginate(query, db.$count(outbox, isMail), page, MAIL_PAGE_SIZE);
  return {
    ...result,
    items: result.items.map(({ lastError, ...mail }) => ({
      ...mail,
      waitReason: mailWaitReason({ deliveredAt: mail.deliveredAt, lastError }, isSmtpConfigured),
    })),
  };
}

export async function getMail(db: Executor, id: number, isSmtpConfigured: boolean) {
  const mail = await foundOrThrow(
    db
      .select({
        id: outbox.id,
        to: sql<string>`${outbox.payload}->>'to'`,
        subject: sql<string>`${outbox.payload}->>'subject'`,
        text: sql<string>`${outbox.payload}->>'text'`,
        secretPurpose: sql<string | null>`${outbox.payload}->'secretLink'->>'purpose'`,
        hasPdf: sql<boolean>`(${outbox.payload}->'quotePdf') is not null`,
        pdfUrl: sql<
          string | null
        >`'/api/orders/' || (${outbox.payload}->'quotePdf'->>'orderId') || '/revisions/' || (${outbox.payload}->'quotePdf'->>'revision') || '.pdf'`,
        createdAt: outbox.createdAt,
        deliveredAt: outbox.deliveredAt,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(and(isMail, eq(outbox.id, id))),
    messages.mailNotFound,
  );
  const { secretPurpose, text, ...rest } = mail;
  return {
    ...rest,
    text: shownText(text, secretPurpose),
    waitReason: mailWaitReason(mail, isSmtpConfigured),
  };
}
