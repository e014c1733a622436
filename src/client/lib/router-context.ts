import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc';

/** What every route's loader and guard receives: the query cache and tRPC's query options. */
export type RouterContext = { queryClient: QueryClient; trpc: TrpcOptions };
