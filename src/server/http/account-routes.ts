// Downloads beside tRPC for accounts and customers: the customer's own data as a
// JSON file, and the dashboard's customers as CSV.
import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { staffCustomersFilterSchema } from '@shared/schemas/customers';
import { sessionOf } from '../auth/request-session';
import type { AppDeps } from '../app-deps';
import { exportPersonalData } from '../services/accounts/privacy';
import { staffCustomersCsvStream } from '../services/accounts/staff-customer-pages';
import { storeDay } from '@shared/format';
import { sendCsvDownload } from './csv-reply';
import { parseFormValue } from './form-reader';
import { sendPrivateDownload } from './download-reply';

/**
 * GET /api/account/data.json, 'Descargar mis datos' of /account/privacidad: only the
 * signed-in customer's own data (services/accounts/privacy.ts), never cached.
 */
export function registerPersonalDataRoute(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/account/data.json', async (request, reply) => {
    const session = await sessionOf(deps, request, reply);
    if (!session) return reply.code(401).send({ error: messages.unauthenticated });
    if (!session.customer) return reply.code(403).send({ error: messages.customerNotFound });
    const now = deps.clock.now();
    const data = await exportPersonalData(
      deps.db,
      { userId: session.user.id, customerId: session.customer.id },
      now,
    );
    return sendPrivateDownload(reply, {
      contentType: 'application/json; charset=utf-8',
      fileName: `mis-datos-tienda-${storeDay(now)}.json`,
      body: JSON.stringify(data, null, 2),
    });
  });
}

/** 'Exportar CSV' of /dashboard/clientes: the customers its search selects (`?q=`). */
export function registerCustomersCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/customers.csv', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFormValue(staffCustomersFilterSchema, { search: query.q || undefined });
    return sendCsvDownload(
      reply,
      'clientes',
      staffCustomersCsvStream(deps.db, filter),
      deps.clock.now(),
    );
  });
}
