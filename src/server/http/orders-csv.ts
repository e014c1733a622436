import { storeDay } from '@shared/format';
import type { FastifyInstance } from 'fastify';
import { adminOrdersFilterSchema } from '@shared/schemas/order';
import { ordersCsvStream } from '../services/orders-csv';
import type { AppDeps } from '../deps';
import { parseFormValue } from './form-reader';

/**
 * 'Exportar CSV' of /dashboard/ordenes: the query string is the page's own URL state
 * (q, desde, hasta, status), read by the list's schema so both select the same orders.
 */
export function registerOrdersCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/orders.csv', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFormValue(adminOrdersFilterSchema, {
      search: query.q,
      from: query.desde,
      to: query.hasta,
      status: query.status,
    });
    const today = storeDay(new Date());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ordenes-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(ordersCsvStream(deps.db, filter));
  });
}
