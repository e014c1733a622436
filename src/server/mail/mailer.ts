// Sends the outbox's 'mail' rows over SMTP (SMTP_URL) with nodemailer.
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { loadQuote, renderQuotePdf, type StoreContact } from '../pdf/quote-pdf';
import type { MailPayload } from './order-mails';

const TIMEOUT_MS = 10_000;

export type MailSender = (payload: MailPayload) => Promise<void>;

export function createMailSender(options: {
  smtpUrl: string;
  from: string;
  db: Database;
  store: StoreContact;
}): MailSender {
  // Every wait is bounded, well inside the outbox lease, so a stuck server fails the attempt.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return async (payload) => {
    const attachments = [];
    if (payload.quotePdf) {
      const { orderId, revision } = payload.quotePdf;
      const quote = await loadQuote(options.db, orderId, revision);
      // A revision is never deleted while its order exists; an order deleted since has no mail.
      if (quote) {
        attachments.push({
          filename: `cotizacion-${orderId}-${revision}.pdf`,
          content: await renderQuotePdf(quote, options.store),
          contentType: 'application/pdf',
        });
      }
    }
    await transport.sendMail({
      from: options.from,
      to: payload.to,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
      attachments,
    });
  };
}
