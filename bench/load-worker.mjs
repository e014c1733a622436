// Runs autocannon in a child process so the load generator does not share the server's
// event loop. (Not a worker thread: autocannon changes behaviour off the main thread.)
// Every request of a run is chosen by ONE counter shared by all connections (setupRequest):
// autocannon gives each connection its own copy of a `requests` list, so ten connections
// would replay the same ten paths and a "never repeated" scenario would hit the cache.
import autocannon from 'autocannon';

/** The path (and body) of request number n, by the plan measure.ts sent. */
function requestFor(plan, n) {
  if (plan.kind === 'one') return { path: plan.path };
  if (plan.kind === 'rotate') return { path: plan.paths[n % plan.paths.length] };
  if (plan.kind === 'unique') {
    const value = (plan.start + (plan.counterStart + n) * plan.step).toFixed(2);
    return { path: plan.template.replace('__N__', value), headers: plan.headers };
  }
  if (plan.kind === 'search') {
    const k = plan.counterStart + n;
    const term = `${plan.words[k % plan.words.length]} ${k}`;
    return { path: plan.template.replace('__TERM__', encodeURIComponent(term)) };
  }
  // mixed: out of every hundred, one quote request, four product pages, the rest shop reads.
  const slot = n % 100;
  if (slot === 0) {
    const quote = plan.quote;
    // Each quote asks for the next variant, so the scenario never runs one out of stock.
    const template = quote.bodies[Math.floor(n / 100) % quote.bodies.length];
    const body = template.replace('__KEY__', `${quote.runId}-${n}`);
    return {
      method: 'POST',
      path: quote.path,
      body,
      headers: { cookie: quote.cookies[n % quote.cookies.length], ...quote.headers },
    };
  }
  if (slot <= 4) return { path: plan.products[n % plan.products.length] };
  return { path: plan.reads[n % plan.reads.length] };
}

process.once('message', async ({ plan, ...options }) => {
  let counter = 0;
  const cache = { hit: 0, miss: 0 };
  const result = await autocannon({
    ...options,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = requestFor(plan, counter++);
          return {
            ...request,
            method: chosen.method ?? 'GET',
            path: chosen.path,
            body: chosen.body,
            headers: { ...request.headers, ...chosen.headers },
          };
        },
        onResponse: (_status, _body, _context, headers) => {
          const state = headers['x-cache'];
          if (state === 'hit' || state === 'miss') cache[state]++;
        },
      },
    ],
  });
  process.send(
    {
      requests: { average: result.requests.average, total: result.requests.total },
      latency: { p50: result.latency.p50, p99: result.latency.p99 },
      errors: result.errors,
      non2xx: result.non2xx,
      timeouts: result.timeouts,
      throughput: { total: result.throughput.total },
      cache,
    },
    () => process.exit(0),
  );
});
