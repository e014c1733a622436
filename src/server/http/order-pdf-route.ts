import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { sessionOf } from '../auth/request-session';
import { getOrderDetail } from '../services/orders/order-queries';
import type { AppDeps } from '../app-deps';
import { sendPrivateDownload } from './download-reply';

/** Largest id PostgreSQL's integer holds: a larger one names no order. */
const MAX_ORDER_ID = 2_147_483_647;

/**
 * A PDF of one order at `path` ('/api/orders/:id/…/:file', the file '{n}.pdf'): a download, so
 * a plain route beside tRPC, with the order page's rule: who reads the order (its buyer, their
 * company) or an admin. Anyone else gets 404, exactly as for an order or a document that does
 * not exist.
 */
export function registerOrderPdfRoute<Document>(
  app: FastifyInstance,
  deps: AppDeps,
  route: {
    path: string;
    /** How many digits the document's number may have. */
    numberDigits: number;
    load: (orderId: number, number: number) => Promise<Document | undefined>;
    render: (document: Document) => Promise<Buffer>;
    fileName: (document: Document, orderId: number, number: number) => string;
  },
) {
  const fileOf = new RegExp(`^(\\d{1,${route.numberDigits}})\\.pdf$`);
  app.get<{ Params: { id: string; file: string } }>(route.path, async (request, reply) => {
    const notFound = () => reply.code(404).send({ error: messages.orderNotFound });
    const orderId = Number(request.params.id);
    const number = Number(fileOf.exec(request.params.file)?.[1]);
    if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > MAX_ORDER_ID || !number) {
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
    const document = await route.load(orderId, number);
    if (!document) return notFound();
    const pdf = await route.render(document);
    return sendPrivateDownload(reply, {
      contentType: 'application/pdf',
      fileName: route.fileName(document, orderId, number),
      body: pdf,
    });
  });
}
