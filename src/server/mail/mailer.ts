// Sends the outbox's 'mail' rows over SMTP (SMTP_URL) with nodemailer.
import nodemailer from 'nodemailer';
import { renderQuotePdf } from '../pdf/quote-pdf';
import { mintSecretLink } from '../services/accounts/secret-links';
import { loadQuoteDocument, type QuoteDocumentDeps } from '../services/orders/quote-document';
import { renderDeliveryNotePdf } from '../pdf/delivery-note-pdf';
import { loadDeliveryNote } from '../services/fulfilment/delivery-note';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { type MailPayload, withLinkToken } from './layout';

const TIMEOUT_MS = 10_000;

/** Sends one mail; `signal` cuts the SMTP connection, so nothing is sent after it aborts. */
export type MailSender = (payload: MailPayload, signal?: AbortSignal) => Promise<void>;

export function createMailSender(options: {
  smtpUrl: string;
  from: string;
  /**
   * The quote, the store's data and its logo are read at send time, for the PDF; a secret
   * link's token is made then too, with this database and clock.
   */
  documents: QuoteDocumentDeps;
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
    let bodies = { text: payload.text, html: payload.html };
    if (payload.secretLink) {
      // Made now, so no stored row ever held it; a retry makes another and the last sent works
      // (docs/decisions/076-secrets-out-of-backups-and-mails.md).
      const { db, clock } = options.documents;
      const token = await mintSecretLink(db, payload.secretLink, payload.to, clock.now());
      // Used, replaced, cancelled, or an address without account: nothing to send.
      if (token === null) return;
      bodies = withLinkToken(payload, token);
    }
    const attachments = [];
    if (payload.quotePdf) {
      const { orderId, revision } = payload.quotePdf;
      const quote = await loadQuoteDocument(options.documents, orderId, revision);
      // A revision is never deleted while its order exists; an order deleted since has no mail.
      if (quote) {
        attachments.push({
          filename: `cotizacion-${orderId}-${revision}.pdf`,
          content: await renderQuotePdf(quote),
          contentType: 'application/pdf',
        });
      }
    }
    // A dispatch's Nota de entrega (decision 082), rendered now like the quote.
    const note = payload.deliveryNote
      ? await loadDeliveryNote(options.documents, payload.deliveryNote)
      : undefined;
    if (note) {
      attachments.push({
        filename: `nota-de-entrega-${deliveryNoteNumber(note.dispatch.noteNumber)}.pdf`,
        content: await renderDeliveryNotePdf(note),
        contentType: 'application/pdf',
      });
    }
    await transport.sendMail({
      from: options.from,
      to: payload.to,
      subject: payload.subject,
      ...bodies,
      attachments,
      signal,
    });
  };
}
