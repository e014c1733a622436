import type { FastifyInstance } from 'fastify';
import { catalogCsvStream } from '../services/catalog-csv/export';
import type { AppDeps } from '../trpc/context';

/** 'Exportar CSV' of /dashboard/productos: a streamed download beside tRPC. */
export function registerCatalogCsvRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/catalog.csv', async (_request, reply) => {
    const today = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogo-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(catalogCsvStream(deps.db));
  });
}
