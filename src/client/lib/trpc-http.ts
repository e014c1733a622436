// The HTTP half of the browser's tRPC client: the batching link and superjson. Loaded by
// `lazyHttpLink` (trpc.ts) on the first request that really needs the network, so a page the
// server rendered with all its data (session included) does not download it before idle.
import type { TRPCLink } from '@trpc/client';
import { httpBatchLink } from '@trpc/client/links/httpBatchLink';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/router';
import { MAX_BATCH_CALLS } from '@shared/batch-limit';

export const httpTrpcLink: TRPCLink<AppRouter> = httpBatchLink({
  url: '/trpc',
  transformer: superjson,
  maxItems: MAX_BATCH_CALLS,
});
