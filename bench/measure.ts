import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type Measurement = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  bytesPerRequest: number;
  /** Share of cacheable answers served from the catalogue cache (x-cache: hit), if any. */
  hitRatio?: number;
};

/** Which request comes next; load-worker.mjs picks it with one counter for all connections. */
export type LoadPlan =
  | { kind: 'one'; path: string }
  | { kind: 'rotate'; paths: string[] }
  /** `template` with __N__ replaced by start + n * step: no input is ever asked twice. */
  | {
      kind: 'unique';
      template: string;
      start: number;
      step: number;
      counterStart?: number;
      /** Sent with every request (a member's session cookie). */
      headers?: Record<string, string>;
    }
  /** `template` with __TERM__ replaced by a word (in turn) and a number never used before. */
  | { kind: 'search'; template: string; words: string[]; counterStart?: number }
  | {
      kind: 'mixed';
      reads: string[];
      products: string[];
      quote: {
        path: string;
        /** JSON bodies, one per variant, taken in turn; __KEY__ becomes a fresh idempotency key. */
        bodies: string[];
        runId: string;
        cookies: string[];
        headers: Record<string, string>;
      };
    };

export type LoadOptions = {
  /** One origin, or several (instances behind a balancer): connections are spread over them. */
  urls: string[];
  plan: LoadPlan;
  seconds: number;
  connections: number;
};

/** The part of autocannon's result that load-worker.mjs sends back. */
type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  timeouts: number;
  throughput: { total: number };
  cache: { hit: number; miss: number };
};

/** What a browser sends: without it, compression would go unmeasured. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

function run(options: LoadOptions, seconds: number, counterStart: number): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)));
  const plan =
    options.plan.kind === 'unique' || options.plan.kind === 'search'
      ? { ...options.plan, counterStart }
      : options.plan;
  child.send({
    url: options.urls.length === 1 ? options.urls[0] : options.urls,
    headers: BROWSER_HEADERS,
    connections: options.connections,
    duration: seconds,
    plan,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

/**
 * A long-running server's figure: V8 compiles a path's hot code over several seconds of load
 * (a fresh process did its first 5 s of uncached shop lists about 30 % slower than the next,
 * its compiler threads busy), so each scenario warms up as long as it measures, at most 5 s.
 */
const warmUpSeconds = (seconds: number) => Math.min(seconds, 5);

/** The GET address of a tRPC query with this input, as the browser's client asks it. */
export const trpcGet = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** Warm up, then load for `seconds` and summarise. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  // The warm-up's never-repeated inputs lie far from the measured run's.
  await run(options, warmUpSeconds(options.seconds), 1_000_000);
  const result = await run(options, options.seconds, 0);
  const cacheable = result.cache.hit + result.cache.miss;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.non2xx + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    hitRatio: cacheable ? result.cache.hit / cacheable : undefined,
  };
}
