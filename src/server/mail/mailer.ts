// Sends the outbox's 'mail' rows over SMTP (SMTP_URL) with nodemailer.
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { renderQuotePdf } from '../pdf/quote-pdf';
import { loadQuoteDocument } from '../services/quote-document';
import type { Storage } from '../storage/storage';
import type { MailPayload } from './order-mails';

const TIMEOUT_MS = 10_000;

/** Sends one mail; `signal` cuts the SMTP connection, so nothing is sent after it aborts. */
export type MailSender = (payload: MailPayload, signal?: AbortSignal) => Promise<void>;

export function createMailSender(options: {
  smtpUrl: string;
  from: string;
  db: Database;
  /** The store's data and logo of the PDF are read at send time (services/store-profile.ts). */
  config: Config;
  storage: Storage;
}): MailSender {
  // Every wait is bounded, so a stuck server fails the attempt; the waits of one send could
  // still add up past the outbox lease, which the outbox's signal guards against as a whole.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return async (payload, signal) => {
    const attachments = [];
    if (payload.quotePdf) {
      const { orderId, revision } = payload.quotePdf;
      const quote = await loadQuoteDocument(options, orderId, revision);
      // A revision is never deleted while its order exists; an order deleted since has no mail.
      if (quote) {
        attachments.push({
          filename: `cotizacion-${orderId}-${revision}.pdf`,
          content: await renderQuotePdf(quote),
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
      signal,
    });
  };
}
