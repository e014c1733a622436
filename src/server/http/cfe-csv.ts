import type { FastifyInstance } from 'fastify';
import { cfeListFilterSchema } from '@shared/schemas/cfe';
import { cfeCsvStream } from '../services/invoicing/cfe-csv';
import type { AppDeps } from '../app-deps';
import { parseFormValue } from './form-reader';
import { sendCsvDownload } from './csv-reply';

/** A number typed in the query string ('111'), left as typed when it is none, for zod to refuse. */
const numberOrText = (value: unknown) =>
  typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;

/**
 * 'Exportar CSV' of /dashboard/comprobantes: the query string is the page's own URL state
 * (q, tipo, estado, desde, hasta), read by the list's schema so both select the same documents.
 */
export function registerCfeCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/comprobantes.csv', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFormValue(cfeListFilterSchema, {
      search: query.q,
      kind: numberOrText(query.tipo),
      state: query.estado,
      from: query.desde,
      to: query.hasta,
    });
    return sendCsvDownload(reply, 'comprobantes', cfeCsvStream(deps.db, filter), deps.clock.now());
  });
}
