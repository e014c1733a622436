import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/catalog-cache';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies go out as they are, as @fastify/compress's threshold does in app.ts. */
const COMPRESS_THRESHOLD_BYTES = 1024;

const compressors: Record<Encoding, (body: string) => Promise<Buffer>> = {
  // Quality 4, as @fastify/compress uses: most of brotli's gain for a fraction of its time.
  br: (body) =>
    promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(gzip)(body),
};

/** The encoding a browser-like `accept-encoding` asks for: br before gzip, none refused (q=0). */
export function preferredEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = new Set(
    (request.headers['accept-encoding'] ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

const withAcceptEncoding = (vary: string | undefined) =>
  vary ? `${vary}, accept-encoding` : 'accept-encoding';

/**
 * The answer's body and headers for this request: compressed once per cached answer and
 * encoding, then every hit sends the stored bytes. The `content-encoding` it sets tells
 * @fastify/compress that the body is compressed already; `vary` says the body depends on
 * accept-encoding, for any cache further on.
 */
export async function encodedAnswer(
  answer: CachedAnswer,
  request: FastifyRequest,
): Promise<{ headers: Record<string, string>; body: string | Buffer }> {
  const encoding = preferredEncoding(request);
  const headers = { ...answer.headers, vary: withAcceptEncoding(answer.headers.vary) };
  if (!encoding || Buffer.byteLength(answer.body) < COMPRESS_THRESHOLD_BYTES) {
    return { headers, body: answer.body };
  }
  answer.compressed ??= {};
  const body = await (answer.compressed[encoding] ??= compressors[encoding](answer.body));
  return { headers: { ...headers, 'content-encoding': encoding }, body };
}
