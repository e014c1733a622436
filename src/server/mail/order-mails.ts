// The e-mails of the quote conversation. They are queued in the outbox inside the caller's
// transaction (kind 'mail') and sent after commit by mail/mailer.ts, so a mail exists only
// if its change committed, and a mail server that is down never blocks or undoes the change.
// Each is rendered by layout.ts with the store's identity (store-identity.ts): absolute links,
// branded HTML and the same words in plain text.
import { eq } from 'drizzle-orm';
import { formatDate, formatDay, formatMoney } from '@shared/format';
import type { Executor } from '../db/client';
import { enqueueMessage } from '../db/outbox-queue';
import { customers, orders, users } from '../db/schema';
import { renderMail } from './layout';
import { MAIL_PRIORITY, type NamedMail, namedMails } from './mail-priority';
import type { StoreIdentity } from './store-identity';

export type { MailPayload } from './layout';

/**
 * Queues a mail in the caller's transaction, ranked by its name (mail/mail-priority.ts); the
 * worker is woken when the transaction commits (db/outbox-queue.ts).
 */
export async function queueMail(tx: Executor, mail: NamedMail) {
  // A deleted customer's orders say 'Cliente eliminado' where the address was: nobody to mail.
  if (!mail.to.includes('@')) return;
  await enqueueMessage(tx, { kind: 'mail', payload: mail, priority: MAIL_PRIORITY[mail.name] });
}

/**
 * Where the customer's mails about an order go: the address of the account that placed it.
 * Never the contact e-mail typed at checkout (orders.contact_email, kept for staff): anyone
 * could type any address there and have the store mail it.
 */
export async function accountEmailOfOrder(tx: Executor, orderId: number): Promise<string> {
  const email = await accountEmailOrNone(tx, orderId);
  if (email === null) throw new Error(`order ${orderId} has no account to mail`);
  return email;
}

/**
 * accountEmailOfOrder, or null when that account was deleted: nobody to mail
 * (docs/decisions/059-account-deletion.md).
 */
export async function accountEmailOrNone(tx: Executor, orderId: number): Promise<string | null> {
  const [row] = await tx
    .select({ email: users.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(orders.id, orderId));
  return row?.email ?? null;
}

const customerOrder = (orderId: number) => ({
  label: 'Ver mi pedido',
  path: `/account/pedidos/${orderId}`,
});
const staffOrder = (orderId: number) => ({
  label: 'Abrir en el panel',
  path: `/dashboard/ordenes/${orderId}`,
});

type RevisionRef = { orderId: number; number: number; validUntil: string };

/** The mails of one store: `orderMails(store).statusToCustomer(...)`. */
export const orderMails = (store: StoreIdentity) => namedMails(orderMailsOf(store));

const orderMailsOf = (store: StoreIdentity) => ({
  requestedToCustomer: (to: string, orderId: number, itemsText: string) =>
    renderMail(store, {
      to,
      subject: `Recibimos tu solicitud de cotización N° ${orderId}`,
      paragraphs: [
        'Gracias por tu solicitud. Un agente la revisará y te enviará una cotización a la brevedad.',
        itemsText,
      ],
      action: customerOrder(orderId),
    }),
  requestedToStaff: (to: string, orderId: number, customer: string, itemsText: string) =>
    renderMail(store, {
      to,
      subject: `Nueva solicitud de cotización N° ${orderId}`,
      paragraphs: [`${customer} pidió una cotización.`, itemsText],
      action: { label: 'Preparar la cotización', path: `/dashboard/ordenes/${orderId}` },
      isToStaff: true,
    }),
  /** `pesos`: the total in pesos, at the rate typed or the day's (decision 085). */
  revisionToCustomer: (
    to: string,
    revision: RevisionRef & { total: string; pesos?: string | null },
  ) => ({
    ...renderMail(store, {
      to,
      subject: `Cotización N° ${revision.orderId}-${revision.number}`,
      paragraphs: [
        `Te enviamos la cotización N° ${revision.orderId}-${revision.number} por un total de ${formatMoney(revision.total)} (IVA incluido), válida hasta el ${formatDay(revision.validUntil)}.`,
        ...(revision.pesos ? [`${revision.pesos}.`] : []),
        'Podés verla, aceptarla o escribirnos desde tu cuenta. Adjuntamos la cotización en PDF.',
      ],
      action: { label: 'Ver la cotización', path: `/account/pedidos/${revision.orderId}` },
    }),
    quotePdf: { orderId: revision.orderId, revision: revision.number },
  }),
  /**
   * `explanation` replaces the plain status line when the store explains the change itself
   * (a hold that ran out); `reason` is the 'Motivo' staff typed when they cancelled; `dueOn`,
   * the due day of an order just concluded (docs/decisions/083-terms-credit-and-due-dates.md).
   */
  statusToCustomer: (
    to: string,
    orderId: number,
    status: string,
    why: { explanation?: string; reason?: string; dueOn?: string | null } = {},
  ) =>
    renderMail(store, {
      to,
      subject: `Tu pedido N° ${orderId} ahora está: ${status}`,
      paragraphs: [
        why.explanation ?? `El estado de tu pedido N° ${orderId} cambió a «${status}».`,
        ...(why.reason ? [`Motivo: ${why.reason}`] : []),
        ...(why.dueOn ? [`Vence el ${formatDay(why.dueOn)}.`] : []),
      ],
      action: customerOrder(orderId),
    }),
  expiryReminderToCustomer: (to: string, revision: RevisionRef) =>
    renderMail(store, {
      to,
      subject: `Tu cotización N° ${revision.orderId}-${revision.number} vence el ${formatDay(revision.validUntil)}`,
      paragraphs: [
        `La cotización N° ${revision.orderId}-${revision.number} es válida hasta el ${formatDay(revision.validUntil)}. Después de esa fecha liberamos el stock que tenemos reservado para vos.`,
        'Si querés seguir adelante, aceptala desde tu cuenta antes de que venza.',
      ],
      action: { label: 'Ver la cotización', path: `/account/pedidos/${revision.orderId}` },
    }),
  expiredToCustomer: (to: string, revision: RevisionRef) =>
    renderMail(store, {
      to,
      subject: `Tu cotización N° ${revision.orderId}-${revision.number} venció el ${formatDay(revision.validUntil)}`,
      paragraphs: [
        `La cotización N° ${revision.orderId}-${revision.number} venció el ${formatDay(revision.validUntil)} y ya no se puede aceptar.`,
        'Si todavía te interesa, pedí la renovación desde tu pedido y te enviamos una nueva.',
      ],
      action: customerOrder(revision.orderId),
    }),
  /** The customer's pending staff messages on one order, oldest first, in one mail. */
  staffMessagesToCustomer: (to: string, orderId: number, bodies: string[]) =>
    renderMail(store, {
      to,
      subject:
        bodies.length === 1
          ? `Nuevo mensaje sobre tu pedido N° ${orderId}`
          : `${bodies.length} mensajes nuevos sobre tu pedido N° ${orderId}`,
      paragraphs: [`${store.name} te escribió sobre tu pedido N° ${orderId}:`, ...bodies],
      action: { label: 'Responder', path: `/account/pedidos/${orderId}` },
    }),
  messageToStaff: (to: string, orderId: number, customer: string, body: string) =>
    renderMail(store, {
      to,
      subject: `Nuevo mensaje del cliente en el pedido N° ${orderId}`,
      paragraphs: [`${customer} escribió:`, body],
      action: { label: 'Responder en el panel', path: `/dashboard/ordenes/${orderId}` },
      isToStaff: true,
    }),
  /**
   * Every acceptance, however it took effect (services/orders/acceptance-mail.ts): who, the
   * total with tax and the purchase order, so staff never open the order to learn them.
   */
  acceptedToStaff: (
    to: string,
    accepted: {
      orderId: number;
      revision: number;
      customer: string;
      company: string | null;
      total: string;
      purchaseOrder: string | null;
      /** How it took effect when not by the buyer alone. */
      via?: string;
    },
  ) =>
    renderMail(store, {
      to,
      subject: `Cotización aceptada N° ${accepted.orderId}-${accepted.revision}`,
      paragraphs: [
        `${accepted.customer}${accepted.company ? ` (${accepted.company})` : ''} aceptó la cotización N° ${accepted.orderId}-${accepted.revision}${accepted.via ? `, ${accepted.via}` : ''}.`,
        `Total: ${formatMoney(accepted.total)} (IVA incluido)`,
        ...(accepted.purchaseOrder ? [`Orden de compra (OC): ${accepted.purchaseOrder}`] : []),
      ],
      action: staffOrder(accepted.orderId),
      isToStaff: true,
    }),
  /** 'Pedir cambios' (docs/decisions/090-asking-for-changes-is-an-event.md). */
  changesRequestedToStaff: (
    to: string,
    request: { orderId: number; revision: number; customer: string; reason: string },
  ) =>
    renderMail(store, {
      to,
      subject: `Cambios pedidos: cotización N° ${request.orderId}-${request.revision}`,
      paragraphs: [
        `${request.customer} pide cambios a la cotización N° ${request.orderId}-${request.revision}:`,
        request.reason,
        'Respondé con una nueva cotización desde el panel.',
      ],
      action: staffOrder(request.orderId),
      isToStaff: true,
    }),
  renewalToStaff: (to: string, revision: RevisionRef, customer: string) =>
    renderMail(store, {
      to,
      subject: `Pedido de renovación: cotización N° ${revision.orderId}-${revision.number}`,
      paragraphs: [
        `${customer} pide renovar la cotización N° ${revision.orderId}-${revision.number}, que venció el ${formatDay(revision.validUntil)}.`,
        'Enviá una nueva cotización desde el panel: al enviarla se vuelve a reservar el stock.',
      ],
      action: staffOrder(revision.orderId),
      isToStaff: true,
    }),
  /** Two days before the hold job cancels an unanswered request (services/orders/quote-holds.ts). */
  holdWarningToStaff: (to: string, orderId: number, customer: string, cancelsAt: Date) =>
    renderMail(store, {
      to,
      subject: `La solicitud N° ${orderId} se cancela el ${formatDate(cancelsAt)} si no se responde`,
      paragraphs: [
        `La solicitud de cotización N° ${orderId} de ${customer} todavía no tiene respuesta.`,
        `Si sigue en «Cotización», se cancelará sola el ${formatDate(cancelsAt)} y se liberará el stock que reserva. Respondela o cambiá su estado antes.`,
      ],
      action: staffOrder(orderId),
      isToStaff: true,
    }),
});
