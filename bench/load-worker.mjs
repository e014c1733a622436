// Runs autocannon in a child process so the load generator does not share the server's
// event loop. (Not a worker thread: autocannon changes behaviour off the main thread.)
import autocannon from 'autocannon';

process.once('message', async (options) => {
  const result = await autocannon(options);
  process.send(
    {
      requests: { average: result.requests.average, total: result.requests.total },
      latency: { p50: result.latency.p50, p99: result.latency.p99 },
      errors: result.errors,
      non2xx: result.non2xx,
      timeouts: result.timeouts,
      throughput: { total: result.throughput.total },
    },
    () => process.exit(0),
  );
});
