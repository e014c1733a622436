// The buyer's mail about a fiscal document (e-Factura, e-Ticket, credit note): sent once DGI
// accepted it, naming its type, serie and number, with its printed CFE attached. The outbox row
// keeps only the document's id; the PDF is rendered when the mail is sent (mail/mailer.ts), as
// the quote's (docs/decisions/095-the-printed-cfe.md).
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
      const mail = renderMail(store, {
        to,
        subject: `Tu ${kind} ${number} del pedido N° ${document.orderId}`,
        paragraphs: [
          `Emitimos tu ${kind} ${number} del pedido N° ${document.orderId}, por ${formatMoney(document.total)} (IVA incluido), y DGI ya ${document.kind === 101 ? 'lo' : 'la'} aceptó.`,
          'Te lo adjuntamos en PDF; también podés descargarlo desde tu pedido.',
        ],
        action: { label: 'Ver mi pedido', path: `/account/pedidos/${document.orderId}` },
      });
      return { ...mail, cfePdf: { documentId: document.documentId } };
    },
  });
