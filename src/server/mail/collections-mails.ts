// The mails of credit and collections: an acceptance waiting for credit (to staff), the store's
// decision (to the buyer) and the payment reminders (to the buyer and the company's
// administrators). Queued in the outbox inside the change's transaction, like every mail.
import { formatDay, formatMoney } from '@shared/format';
import type { ReminderStage } from '@shared/collections';
import { renderMail } from './layout';
import type { StoreIdentity } from './store-identity';
import { namedMails } from './mail-priority';

const customerOrder = (orderId: number) => ({
  label: 'Ver mi pedido',
  path: `/account/pedidos/${orderId}`,
});

export type ReminderMail = {
  orderId: number;
  stage: ReminderStage;
  dueOn: string;
  balance: string;
  /** Whether the reminder goes out on its due day itself ('vence hoy'). */
  isDueToday: boolean;
};

function reminderSubject(reminder: ReminderMail) {
  const due = formatDay(reminder.dueOn);
  if (reminder.stage === 'before')
    return `El pago del pedido N° ${reminder.orderId} vence el ${due}`;
  if (reminder.stage === 'due' && reminder.isDueToday) {
    return `El pago del pedido N° ${reminder.orderId} vence hoy, ${due}`;
  }
  return `El pago del pedido N° ${reminder.orderId} venció el ${due}`;
}

export const collectionsMails = (store: StoreIdentity) => namedMails(collectionsMailsOf(store));

const collectionsMailsOf = (store: StoreIdentity) => ({
  creditHoldToStaff: (
    to: string,
    hold: { orderId: number; customer: string; company: string; total: string; available: string },
  ) =>
    renderMail(store, {
      to,
      subject: `Aprobación de crédito: pedido N° ${hold.orderId}`,
      paragraphs: [
        `${hold.customer} (${hold.company}) aceptó el pedido N° ${hold.orderId} por ${formatMoney(hold.total)} (IVA incluido), más que su crédito disponible de ${formatMoney(hold.available)}.`,
        'El pedido reserva su stock hasta que lo apruebes o lo rechaces con un motivo.',
      ],
      action: { label: 'Aprobar o rechazar', path: `/dashboard/ordenes/${hold.orderId}` },
      isToStaff: true,
    }),
  creditDeclinedToCustomer: (to: string, decline: { orderId: number; reason: string }) =>
    renderMail(store, {
      to,
      subject: `No aprobamos el crédito del pedido N° ${decline.orderId}`,
      paragraphs: [
        `Revisamos el pedido N° ${decline.orderId} y no podemos aprobarlo con tu crédito disponible. Motivo: ${decline.reason}`,
        'La cotización sigue abierta y con su stock reservado: escribinos desde el pedido y lo resolvemos.',
      ],
      action: customerOrder(decline.orderId),
    }),
  reminderToBuyer: (to: string, reminder: ReminderMail) =>
    renderMail(store, {
      to,
      subject: reminderSubject(reminder),
      paragraphs: [
        `El pedido N° ${reminder.orderId} tiene un saldo pendiente de ${formatMoney(reminder.balance)}, con vencimiento el ${formatDay(reminder.dueOn)}.`,
        reminder.stage === 'overdue'
          ? 'Si ya lo pagaste, avisanos con el comprobante y lo registramos.'
          : 'Podés ver el estado de cuenta de tu empresa desde tu cuenta.',
      ],
      action: customerOrder(reminder.orderId),
    }),
});
