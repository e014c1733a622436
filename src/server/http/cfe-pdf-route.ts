import type { FastifyInstance } from 'fastify';
import { renderCfePdf } from '../pdf/cfe-pdf';
import { cfePdfFileName, loadCfePrint } from '../services/invoicing/cfe-print';
import type { AppDeps } from '../app-deps';
import { registerOrderPdfRoute } from './order-pdf-route';

/**
 * GET /api/orders/{id}/comprobantes/{documentId}.pdf: the printed CFE of a document of the
 * order DGI accepted, with the quote PDF's rule (its buyer, their company, or staff); any other
 * document, or one DGI has not accepted, is a 404 (docs/decisions/095-the-printed-cfe.md).
 */
export function registerCfePdfRoute(app: FastifyInstance, deps: AppDeps) {
  registerOrderPdfRoute(app, deps, {
    path: '/api/orders/:id/comprobantes/:file',
    numberDigits: 9,
    load: (orderId, documentId) => loadCfePrint(deps, { orderId, documentId }),
    render: renderCfePdf,
    fileName: cfePdfFileName,
  });
}
