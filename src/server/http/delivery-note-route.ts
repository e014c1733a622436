import type { FastifyInstance } from 'fastify';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { renderDeliveryNotePdf } from '../pdf/delivery-note-pdf';
import { loadDeliveryNote } from '../services/fulfilment/delivery-note';
import type { AppDeps } from '../app-deps';
import { registerOrderPdfRoute } from './order-pdf-route';

/**
 * GET /api/orders/{id}/notas-de-entrega/{n}.pdf: a dispatch's Nota de entrega
 * (docs/decisions/082-dispatches-and-delivery-notes.md).
 */
export function registerDeliveryNoteRoute(app: FastifyInstance, deps: AppDeps) {
  registerOrderPdfRoute(app, deps, {
    path: '/api/orders/:id/notas-de-entrega/:file',
    numberDigits: 9,
    load: (orderId, noteNumber) => loadDeliveryNote(deps, { orderId, noteNumber }),
    render: renderDeliveryNotePdf,
    fileName: (note) => `nota-de-entrega-${deliveryNoteNumber(note.dispatch.noteNumber)}.pdf`,
  });
}
