// The buyer's mail about a fiscal document (e-Factura, e-Ticket, credit note): sent once DGI
// accepted it, naming its type, serie and number. Its printed PDF is not attached yet: the
// printed representation is still to be built
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { CFE_KIND_LABELS, type CfeKind, cfeNumberText } from '@shared/cfe';
import { formatMoney } from '@shared/format';
import { renderMail } from './layout';
import type { StoreIdentity } from './store-identity';
import { namedMails } from './mail-priority';

export type CfeMailDocument = {
  documentId: number;
  orderId: number;
  kind: CfeKind;
  serie: string;
  number: number;
  total: string;
};

export const cfeMails = (store: StoreIdentity) =>
  namedMails({
    documentToCustomer: (to: string, document: CfeMailDocument) => {
      const kind = CFE_KIND_LABELS[document.kind];
      const number = cfeNumberText(document.serie, document.number);
      return renderMail(store, {
        to,
        subject: `Tu ${kind} ${number} del pedido N° ${document.orderId}`,
        paragraphs: [
          `Emitimos tu ${kind} ${number} del pedido N° ${document.orderId}, por ${formatMoney(document.total)} (IVA incluido), y DGI ya la aceptó.`,
        ],
        action: { label: 'Ver mi pedido', path: `/account/pedidos/${document.orderId}` },
      });
    },
  });
