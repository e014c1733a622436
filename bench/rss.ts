// The store runs inside the bench's process (bench/store.ts), so that process's resident set
// is the server's: the catalogue and page caches, the pools, PGlite's WASM memory on PGlite.

const MB = 1024 * 1024;

/** Samples the resident set every `everyMs` until stopped; answers the peak in MB. */
export function sampleRss(everyMs = 50) {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    startMb: start / MB,
    stop(): { startMb: number; peakMb: number } {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return { startMb: start / MB, peakMb: peak / MB };
    },
  };
}
