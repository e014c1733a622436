import { TRPCClientError, TRPCUntypedClient } from '@trpc/client';
import { getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from '@trpc/server';
import { callProcedure } from '@trpc/server/unstable-core-do-not-import';
import type { Context } from '../trpc/context';
import type { AppRouter } from '../trpc/router';

type CallOptions = {
  router: AppRouter;
  createContext: () => Context;
  /** Told every failure before the page sees it (page-renderer.ts logs and spots a lost database). */
  onError?: (failure: { error: TRPCError; path: string }) => void;
};

/**
 * The tRPC client of a server rendering: a page's queries call the procedures in-process, as
 * tRPC's `unstable_localLink` does, but as plain promises. Through a link, each call went
 * through observables and two AbortControllers that are aborted when the call completes, and
 * each abort builds a DOMException with its stack: with the signal plumbing, about a twelfth
 * of a product page's CPU (docs/decisions/066-render-cost.md). The data reaches TanStack
 * Query as the procedure returned it (localLink skips the transformer round trip too when
 * given one); errors are shaped as localLink shapes them, through the router's
 * errorFormatter (an unexpected one reads 'Ocurrió un error inesperado.'). Pages make no
 * subscriptions.
 */
export class InProcessClient extends TRPCUntypedClient<AppRouter> {
  constructor(private readonly options: CallOptions) {
    super({ links: [] });
  }

  override query(path: string, input?: unknown, opts?: { signal?: AbortSignal }) {
    return this.call('query', path, input, opts?.signal);
  }

  override mutation(path: string, input?: unknown, opts?: { signal?: AbortSignal }) {
    return this.call('mutation', path, input, opts?.signal);
  }

  override subscription(): never {
    throw new Error('A server rendering makes no subscriptions');
  }

  private async call(
    type: 'query' | 'mutation',
    path: string,
    input: unknown,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const { router, createContext, onError } = this.options;
    const ctx = createContext();
    try {
      return (await callProcedure({
        router,
        path,
        getRawInput: () => Promise.resolve(input),
        ctx,
        type,
        signal,
        batchIndex: 0,
      })) as unknown;
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path });
      const shape = getTRPCErrorShape({
        config: router._def._config,
        ctx,
        error,
        input,
        path,
        type,
      });
      throw TRPCClientError.from(
        { error: shape },
        { cause: cause instanceof Error ? cause : undefined },
      );
    }
  }
}
