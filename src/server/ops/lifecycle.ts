import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Once the app is closing, every answer ends its connection. Node's server.close() drops only
 * connections that are idle at that moment; a keep-alive connection whose request was still
 * in flight would otherwise stay open after its answer and hold the shutdown until the
 * keep-alive timeout.
 */
export function registerConnectionDraining(app: FastifyInstance) {
  let isDraining = false;
  app.addHook('preClose', (done) => {
    isDraining = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining) reply.header('connection', 'close');
  });
}

/** Something to stop after the HTTP server closed: the outbox worker, timers, the database. */
export type ShutdownStep = { name: string; run: () => Promise<void> | void };

/** Past this, the process exits anyway (code 1): orchestrators kill at 10 s to 30 s. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections and let the requests in flight finish
 * (Fastify's close), then run the steps in order, then exit 0. A step that fails is logged
 * and the others still run; the exit code is then 1.
 */
export function closeGracefullyOnSignals(options: {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  steps: ShutdownStep[];
}) {
  const { app, log, steps } = options;
  let isClosing = false;

  async function close(signal: NodeJS.Signals) {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();

    let isClean = true;
    for (const step of [{ name: 'http', run: () => app.close() }, ...steps]) {
      try {
        await step.run();
      } catch (error) {
        isClean = false;
        log.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
    log.info('shutdown complete');
    process.exit(isClean ? 0 : 1);
  }

  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
