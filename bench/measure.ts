import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type Measurement = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  bytesPerRequest: number;
};

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths to rotate through (relative to url's origin), e.g. several product slugs. */
  paths?: string[];
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
};

function run(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)));
  child.send({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: seconds,
    requests: options.paths?.map((path) => ({ path })),
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

/** Warm up for a second, then load `url` for `seconds` and summarise. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  await run(options, 1);
  const result = await run(options, options.seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.non2xx + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
