import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { newsletterCsvStream } from '../services/content/inbox';
import type { AppDeps } from '../app-deps';
import { sendCsvDownload } from './csv-reply';

/** The subscribers as a spreadsheet-ready file: a download, so a plain route beside tRPC. */
export function registerNewsletterCsvRoute(scope: FastifyInstance, deps: AppDeps) {
  const config = { unauthenticatedMessage: messages.postUnauthorized };
  scope.get('/api/admin/newsletter.csv', { config }, async (_request, reply) => {
    return sendCsvDownload(reply, 'suscriptores', newsletterCsvStream(deps.db), deps.clock.now());
  });
}
