import type { FastifyInstance } from 'fastify';
import { renderQuotePdf } from '../pdf/quote-pdf';
import { loadQuoteDocument } from '../services/orders/quote-document';
import type { AppDeps } from '../app-deps';
import { registerOrderPdfRoute } from './order-pdf-route';

/** GET /api/orders/{id}/revisions/{n}.pdf: a revision of the quote, as sent. */
export function registerQuotePdfRoute(app: FastifyInstance, deps: AppDeps) {
  registerOrderPdfRoute(app, deps, {
    path: '/api/orders/:id/revisions/:file',
    numberDigits: 6,
    load: (orderId, number) => loadQuoteDocument(deps, orderId, number).catch(() => undefined),
    render: renderQuotePdf,
    fileName: (_quote, orderId, number) => `cotizacion-${orderId}-${number}.pdf`,
  });
}
