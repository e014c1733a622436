import autocannon from 'autocannon';

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

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: seconds,
    requests: options.paths?.map((path) => ({ path })),
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
