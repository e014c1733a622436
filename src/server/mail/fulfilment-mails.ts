// The mails of an order's goods (docs/decisions/082-dispatches-and-delivery-notes.md): a
// dispatch with its Nota de entrega attached (rendered at send time, like the quote's PDF) and
// the cancelled remainder. Queued with queueMail in the transaction that records them.
import { formatDay } from '@shared/format';
import { deliveryMethodText, siteLines, type DeliveryChoice } from '@shared/delivery';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { renderMail } from './layout';
import type { StoreIdentity } from './store-identity';
import { namedMails } from './mail-priority';

type DispatchMail = DeliveryChoice & {
  id: number;
  orderId: number;
  noteNumber: number;
  trackingNumber: string | null;
  dispatchedOn: string;
  lines: { productName: string; colorName: string; storage: string; quantity: number }[];
  /** Units still to leave after this one; 0 when it was the last. */
  pendingUnits: number;
};

const customerOrder = (orderId: number) => ({
  label: 'Ver mi pedido',
  path: `/account/pedidos/${orderId}`,
});

export const fulfilmentMails = (store: StoreIdentity) => namedMails(fulfilmentMailsOf(store));

const fulfilmentMailsOf = (store: StoreIdentity) => ({
  dispatchedToCustomer: (to: string, dispatch: DispatchMail) => ({
    ...renderMail(store, {
      to,
      subject: `Despachamos tu pedido N° ${dispatch.orderId}: nota de entrega N° ${deliveryNoteNumber(dispatch.noteNumber)}`,
      paragraphs: [
        `El ${formatDay(dispatch.dispatchedOn)} salió parte de tu pedido N° ${dispatch.orderId}:`,
        dispatch.lines
          .map(
            (line) =>
              `${line.quantity} × ${line.productName} (${line.storage} / ${line.colorName})`,
          )
          .join('\n'),
        [
          `Entrega: ${deliveryMethodText(dispatch)}`,
          ...(dispatch.trackingNumber ? [`Número de guía: ${dispatch.trackingNumber}`] : []),
          ...siteLines(dispatch),
        ].join('\n'),
        dispatch.pendingUnits > 0
          ? `Quedan ${dispatch.pendingUnits} unidades por despachar: te avisamos cuando salgan.`
          : 'Con este despacho sale todo lo que queda del pedido.',
        'Adjuntamos la nota de entrega. Cuando lo recibas, podés confirmarlo desde tu cuenta.',
      ],
      action: customerOrder(dispatch.orderId),
    }),
    deliveryNote: { dispatchId: dispatch.id },
  }),
  remainderCancelledToCustomer: (
    to: string,
    cancelled: { orderId: number; units: number; reason: string },
  ) =>
    renderMail(store, {
      to,
      subject: `Cancelamos lo que faltaba despachar de tu pedido N° ${cancelled.orderId}`,
      paragraphs: [
        `Cancelamos ${cancelled.units} ${cancelled.units === 1 ? 'unidad que faltaba' : 'unidades que faltaban'} despachar de tu pedido N° ${cancelled.orderId}. Lo que ya salió no cambia.`,
        `Motivo: ${cancelled.reason}`,
      ],
      action: customerOrder(cancelled.orderId),
    }),
});
