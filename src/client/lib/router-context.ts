import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc';

/** What every route's loader and guard receives: the query cache and tRPC's query options. */
export type RouterContext = {
  queryClient: QueryClient;
  trpc: TrpcOptions;
  /**
   * The site's absolute origin for canonical URLs and link previews: PUBLIC_URL or the
   * request's host on the server; the browser reads it from the server's render.
   */
  siteOrigin?: string;
};
