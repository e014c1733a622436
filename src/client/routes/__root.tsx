import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import type { RouterContext } from '@client/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});
