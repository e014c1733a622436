import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { sessionOf } from '../auth/request-session';
import { renderQuotePdf } from '../pdf/quote-pdf';
import { loadQuoteDocument } from '../services/orders/quote-document';
import { getOrderDetail } from '../services/orders/order-queries';
import type { AppDeps } from '../app-deps';

/**
 * GET /api/orders/{id}/revisions/{n}.pdf: a download, so a plain route beside tRPC, with the
 * same rule as the order page: its customer or an admin. Anyone else gets 404, exactly as for
 * an order that does not exist.
 */
export function registerQuotePdfRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string; file: string } }>(
    '/api/orders/:id/revisions/:file',
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ error: messages.orderNotFound });
      const orderId = Number(request.params.id);
      const number = /^(\d{1,6})\.pdf$/.exec(request.params.file)?.[1];
      if (!Number.isSafeInteger(orderId) || orderId < 1 || !number) return notFound();
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
      const quote = await loadQuoteDocument(deps, orderId, Number(number)).catch(() => undefined);
      if (!quote) return notFound();
      const pdf = await renderQuotePdf(quote);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="cotizacion-${orderId}-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
