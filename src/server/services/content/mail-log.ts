// The dashboard's 'Correos': the mails in the outbox, sent or waiting. Without SMTP_URL this is
// where staff read them (docs/decisions/041-mail-without-smtp.md).
import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { MAIL_PAGE_SIZE } from '@shared/schemas/quote';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/paginate';
import { outbox } from '../../db/schema';
import { mailWaitReason } from '../../mail/delivery-errors';
import { foundOrThrow } from '../infra/found';

const isMail = eq(outbox.kind, 'mail');

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
  return { ...mail, waitReason: mailWaitReason(mail, isSmtpConfigured) };
}
