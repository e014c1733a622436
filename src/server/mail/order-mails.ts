// The e-mails of the quote conversation. They are queued in the outbox inside the caller's
// transaction (kind 'mail') and sent after commit by mail/mailer.ts, so a mail exists only
// if its change committed, and a mail server that is down never blocks or undoes the change.
import { calendarDay, formatDate, formatMoney } from '@shared/format';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

/** What an outbox row of kind 'mail' holds; the PDF is rendered when the mail is sent. */
export type MailPayload = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attach the PDF of this revision (rendered at send time from the stored revision). */
  quotePdf?: { orderId: number; revision: number };
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The plain-text alternative is the source; the HTML shows the same paragraphs, escaped. */
function mail(to: string, subject: string, paragraphs: string[]): MailPayload {
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { to, subject, text, html };
}

export async function queueMail(tx: Executor, payload: MailPayload) {
  // A deleted customer's orders say 'Cliente eliminado' where the address was: nobody to mail.
  if (!payload.to.includes('@')) return;
  await tx.insert(outbox).values({ kind: 'mail', payload });
}

const SIGNATURE = 'Saludos,\nEl equipo de Tienda';

export const orderMails = {
  requestedToCustomer: (to: string, orderId: number, itemsText: string) =>
    mail(to, `Recibimos tu solicitud de cotización N° ${orderId}`, [
      'Gracias por tu solicitud. Un agente la revisará y te enviará una cotización a la brevedad.',
      itemsText,
      SIGNATURE,
    ]),
  requestedToStaff: (to: string, orderId: number, customer: string, itemsText: string) =>
    mail(to, `Nueva solicitud de cotización N° ${orderId}`, [
      `${customer} pidió una cotización.`,
      itemsText,
      `Prepárela en el panel: /dashboard/ordenes/${orderId}`,
    ]),
  revisionToCustomer: (
    to: string,
    revision: { orderId: number; number: number; total: string; validUntil: string },
  ) => ({
    ...mail(to, `Cotización N° ${revision.orderId}-${revision.number}`, [
      `Te enviamos la cotización N° ${revision.orderId}-${revision.number} por un total de ${formatMoney(revision.total)} (IVA incluido), válida hasta el ${formatDate(calendarDay(revision.validUntil))}.`,
      `Podés verla, aceptarla o escribirnos desde tu cuenta: /account/pedidos/${revision.orderId}`,
      'Adjuntamos la cotización en PDF.',
      SIGNATURE,
    ]),
    quotePdf: { orderId: revision.orderId, revision: revision.number },
  }),
  statusToCustomer: (to: string, orderId: number, status: string) =>
    mail(to, `Tu pedido N° ${orderId} ahora está: ${status}`, [
      `El estado de tu pedido N° ${orderId} cambió a «${status}».`,
      `Podés verlo en tu cuenta: /account/pedidos/${orderId}`,
      SIGNATURE,
    ]),
  messageToStaff: (to: string, orderId: number, customer: string, body: string) =>
    mail(to, `Nuevo mensaje del cliente en el pedido N° ${orderId}`, [
      `${customer} escribió:`,
      body,
      `Responda en el panel: /dashboard/ordenes/${orderId}`,
    ]),
  acceptedToStaff: (to: string, orderId: number, revision: number, customer: string) =>
    mail(to, `Cotización aceptada N° ${orderId}-${revision}`, [
      `${customer} aceptó la cotización N° ${orderId}-${revision}.`,
      `Pedido: /dashboard/ordenes/${orderId}`,
    ]),
};
