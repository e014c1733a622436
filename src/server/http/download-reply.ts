import type { FastifyReply } from 'fastify';

/**
 * Answers a file that belongs to the signed-in person (a quote, a delivery note, a statement,
 * their data): downloaded under `fileName`, and never kept by a shared cache.
 */
export function sendPrivateDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: Buffer | string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
