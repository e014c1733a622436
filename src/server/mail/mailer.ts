// Sends the outbox's 'mail' rows over SMTP (SMTP_URL) with nodemailer.
import nodemailer from 'nodemailer';
import { renderQuotePdf } from '../pdf/quote-pdf';
import { mintSecretLink } from '../services/accounts/secret-links';
import { loadQuoteDocument, type QuoteDocumentDeps } from '../services/orders/quote-document';
import { renderDeliveryNotePdf } from '../pdf/delivery-note-pdf';
import { loadDeliveryNote } from '../services/fulfilment/delivery-note';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { renderCfePdf } from '../pdf/cfe-pdf';
import { cfePdfFileName, loadCfePrint } from '../services/invoicing/cfe-print';
import { type MailPayload, withLinkToken } from './layout';

const TIMEOUT_MS = 10_000;
/** SMTP connections kept open when SMTP_CONNECTIONS does not say (config.ts). */
export const DEFAULT_SMTP_CONNECTIONS = 5;

/**
 * Sends one mail; `signal` cuts the SMTP connection, so nothing is sent after it aborts.
 * `close` ends the pool's connections (the outbox's stop); a later mail opens new ones.
 */
export type MailSender = ((payload: MailPayload, signal?: AbortSignal) => Promise<void>) & {
  close(): void;
};

export function createMailSender(options: {
  smtpUrl: string;
  from: string;
  /**
   * The quote, the store's data and its logo are read at send time, for the PDF; a secret
   * link's token is made then too, with this database and clock.
   */
  documents: QuoteDocumentDeps;
  /** How many mails are on their way at once, each on its own SMTP connection. */
  connections?: number;
}): MailSender {
  // Every wait is bounded, so a stuck server fails the attempt; the waits of one send could
  // still add up past the outbox lease, which the outbox's signal guards against as a whole.
  // Pooled: a few connections stay open and carry one mail after another, instead of a
  // connection (greeting, EHLO, perhaps TLS) per mail; the outbox sends on as many at once
  // (docs/decisions/075-outbox-fast-and-in-order.md). An aborted send closes its connection.
  const openTransport = () =>
    nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.connections ?? DEFAULT_SMTP_CONNECTIONS,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
  let transport = openTransport();
  const send = async (payload: MailPayload, signal?: AbortSignal) => {
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
    // A fiscal document DGI accepted, printed from what was signed (decision 095).
    const cfe = payload.cfePdf ? await loadCfePrint(options.documents, payload.cfePdf) : undefined;
    if (cfe) {
      attachments.push({
        filename: cfePdfFileName(cfe),
        content: await renderCfePdf(cfe),
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
  return Object.assign(send, {
    close() {
      transport.close();
      // A pool connects on its first mail: a sender used again after close() opens new ones.
      transport = openTransport();
    },
  });
}
