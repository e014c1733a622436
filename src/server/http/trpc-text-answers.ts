import type { FastifyInstance } from 'fastify';

/**
 * tRPC's Fastify adapter sends a Fetch Response. Fastify and @fastify/compress see its body
 * as a stream of unknown length, so every answer, even `{"result":{"data":{"json":null}}}`,
 * went through a fresh streaming brotli encoder (most of a small call's CPU). Its plain JSON
 * answers are read here into text, with their status and headers on the reply: compression
 * then applies its size threshold and its one-shot path, and the catalogue cache keeps the
 * text. Streamed answers (jsonl, event-stream, chunked) stay streams.
 *
 * Register before the catalogue cache and @fastify/compress: onSend hooks run in that order.
 */
export function registerTrpcTextAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    const contentType = payload.headers.get('content-type') ?? '';
    if (!contentType.startsWith('application/json') || payload.headers.has('transfer-encoding')) {
      return payload;
    }
    reply.code(payload.status);
    for (const [name, value] of payload.headers) {
      // Fastify counts the body it finally sends (compressed or not) itself.
      if (name !== 'content-length') reply.header(name, value);
    }
    return payload.text();
  });
}
