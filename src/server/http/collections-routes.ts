// Downloads of credit and collections (docs/decisions/084-payments-statement-and-receivables.md):
// the buyer's statement as a PDF and staff's receivables as CSV.
import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import { storeDay } from '@shared/format';
import { messages } from '@shared/messages';
import { sessionOf } from '../auth/request-session';
import type { AppDeps } from '../app-deps';
import { renderStatementPdf } from '../pdf/statement-pdf';
import { receivablesCsvStream } from '../services/collections/receivables';
import { statementOf, statementPayerOf } from '../services/collections/statement';
import { getStoreProfile } from '../services/store/store-profile';
import { sendCsvDownload } from './csv-reply';
import { sendPrivateDownload } from './download-reply';

/**
 * GET /api/account/estado-de-cuenta.pdf: the signed-in customer's statement (their company's,
 * as its administrator, or their own orders'), as /account/empresa/cuenta shows it.
 */
export function registerStatementPdfRoute(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/account/estado-de-cuenta.pdf', async (request, reply) => {
    const session = await sessionOf(deps, request, reply);
    if (!session) return reply.code(401).send({ error: messages.unauthenticated });
    if (!session.customer) return reply.code(403).send({ error: messages.customerNotFound });
    const now = deps.clock.now();
    let payer;
    try {
      payer = await statementPayerOf(deps.db, session.customer.id);
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'FORBIDDEN') {
        return reply.code(403).send({ error: error.message });
      }
      throw error;
    }
    const [statement, store] = await Promise.all([
      statementOf(deps.db, payer, now),
      getStoreProfile(deps.db, deps.config),
    ]);
    const pdf = await renderStatementPdf(statement, store);
    return sendPrivateDownload(reply, {
      contentType: 'application/pdf',
      fileName: `estado-de-cuenta-${storeDay(now)}.pdf`,
      body: pdf,
    });
  });
}

/** 'Exportar CSV' of /dashboard/cobranzas: every payer's balance by age. */
export function registerReceivablesCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/receivables.csv', (_request, reply) => {
    const now = deps.clock.now();
    return sendCsvDownload(reply, 'cobranzas', receivablesCsvStream(deps.db, now), now);
  });
}
