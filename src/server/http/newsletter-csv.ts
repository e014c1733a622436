import { storeDay } from '@shared/format';
import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { newsletterCsv } from '../services/inbox';
import type { AppDeps } from '../deps';

/** The subscribers as a spreadsheet-ready file: a download, so a plain route beside tRPC. */
export function registerNewsletterCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  const config = { unauthenticatedMessage: messages.postUnauthorized };
  scope.get('/api/admin/newsletter.csv', { config }, async (_request, reply) => {
    const csv = await newsletterCsv(deps.db);
    const today = storeDay(new Date());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="suscriptores-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${csv}`);
  });
}
