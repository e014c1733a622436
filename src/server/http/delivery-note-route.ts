import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { sessionOf } from '../auth/request-session';
import { renderDeliveryNotePdf } from '../pdf/delivery-note-pdf';
import { loadDeliveryNote } from '../services/fulfilment/delivery-note';
import { getOrderDetail } from '../services/orders/order-queries';
import type { AppDeps } from '../app-deps';

/**
 * GET /api/orders/{id}/notas-de-entrega/{n}.pdf: a dispatch's Nota de entrega
 * (docs/decisions/082-dispatches-and-delivery-notes.md), with the order page's rule: who reads
 * the order (its buyer, their company) or an admin. Anyone else gets 404, as for none.
 */
export function registerDeliveryNoteRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string; file: string } }>(
    '/api/orders/:id/notas-de-entrega/:file',
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ error: messages.orderNotFound });
      const orderId = Number(request.params.id);
      const number = /^(\d{1,9})\.pdf$/.exec(request.params.file)?.[1];
      if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647 || !number) {
        return notFound();
      }
      const session = await sessionOf(deps, request, reply);
      if (!session) return reply.code(401).send({ error: messages.unauthenticated });
      if (session.role !== 'admin') {
        if (!session.customer) return notFound();
        try {
          await getOrderDetail(deps.db, orderId, session.customer.id);
        } catch {
          return notFound();
        }
      }
      const note = await loadDeliveryNote(deps, { orderId, noteNumber: Number(number) });
      if (!note) return notFound();
      const pdf = await renderDeliveryNotePdf(note);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="nota-de-entrega-${deliveryNoteNumber(note.dispatch.noteNumber)}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
