import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import type { TrpcOptions } from '@client/lib/trpc';

export type RouterContext = { queryClient: QueryClient; trpc: TrpcOptions };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});
