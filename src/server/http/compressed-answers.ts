import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/catalog/catalog-cache';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies go out as they are, as @fastify/compress's threshold does in app.ts. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Below this size a kept answer is compressed on the spot: brotli at quality 4 takes ≈ 0.1 ms
 * for a shop page of 4 KB, while the thread-pool round trip of the async call costs ≈ 0.3 ms
 * of CPU. Larger kept bodies (rendered pages) go to the thread pool.
 */
const SYNC_COMPRESS_LIMIT_BYTES = 16 * 1024;

/**
 * How hard to compress. An answer the cache keeps is compressed once and sent many times:
 * brotli quality 4, as @fastify/compress uses (most of brotli's gain for a fraction of its
 * time). One the cache does not keep (caches off, a signed-in visitor's page, a load a change
 * overtook) is compressed for this one request, so the cost is paid per request: brotli quality
 * 1 and gzip level 1, on the spot. For the 53 KB product page that is 0.15 ms of CPU instead of
 * 0.44 ms (0.57 ms through the thread pool's stream, counting all of the process's threads),
 * for 10.5 KB instead of 9.0 KB (docs/decisions/070-render-cost-again.md).
 */
export type Effort = 'kept' | 'once';

const brotliOptions = (body: string, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    // Lets brotli size its buffers for the body instead of its 4 MB default window.
    [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
  },
});

type Compressor = (body: string) => Buffer | Promise<Buffer>;

const compressors: Record<Effort, Record<Encoding, Compressor>> = {
  kept: {
    br: (body) =>
      body.length < SYNC_COMPRESS_LIMIT_BYTES
        ? brotliCompressSync(body, brotliOptions(body, 4))
        : promisify(brotliCompress)(body, brotliOptions(body, 4)),
    gzip: (body) =>
      body.length < SYNC_COMPRESS_LIMIT_BYTES ? gzipSync(body) : promisify(gzip)(body),
  },
  once: {
    br: (body) => brotliCompressSync(body, brotliOptions(body, 1)),
    gzip: (body) => gzipSync(body, { level: 1 }),
  },
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
 * encoding, then every hit sends the stored bytes; `effort` says whether the cache keeps it.
 * The `content-encoding` it sets tells @fastify/compress that the body is compressed already;
 * `vary` says the body depends on accept-encoding, for any cache further on.
 */
export async function encodedAnswer(
  answer: CachedAnswer,
  request: FastifyRequest,
  effort: Effort = 'kept',
): Promise<{ headers: Record<string, string>; body: string | Buffer }> {
  const encoding = preferredEncoding(request);
  const headers = { ...answer.headers, vary: withAcceptEncoding(answer.headers.vary) };
  if (!encoding || Buffer.byteLength(answer.body) < COMPRESS_THRESHOLD_BYTES) {
    return { headers, body: answer.body };
  }
  answer.compressed ??= {};
  const body = await (answer.compressed[encoding] ??= Promise.resolve(
    compressors[effort][encoding](answer.body),
  ));
  return { headers: { ...headers, 'content-encoding': encoding }, body };
}
