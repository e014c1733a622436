import type { FastifyInstance } from 'fastify';
import { adminOrdersFilterSchema } from '@shared/schemas/order';
import { ordersCsvStream } from '../services/orders/orders-csv';
import type { AppDeps } from '../app-deps';
import { parseFormValue } from './form-reader';
import { sendCsvDownload } from './csv-reply';

/**
 * 'Exportar CSV' of /dashboard/ordenes: the query string is the page's own URL state
 * (q, desde, hasta, status, despacho), read by the list's schema so both select the same orders.
 */
export function registerOrdersCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/orders.csv', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFormValue(adminOrdersFilterSchema, {
      search: query.q,
      from: query.desde,
      to: query.hasta,
      status: query.status,
      dispatch: query.despacho,
    });
    return sendCsvDownload(reply, 'ordenes', ordersCsvStream(deps.db, filter), deps.clock.now());
  });
}
