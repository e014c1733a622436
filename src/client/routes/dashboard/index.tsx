import { createFileRoute } from '@tanstack/react-router';
import { DashboardHomePage } from '@client/features/dashboard-home/home-page';
import { dashboardHomeInput } from '@client/features/dashboard-home/home-input';
import { parseDashboardHomeSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/')({
  validateSearch: parseDashboardHomeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.dashboard.get.queryOptions(dashboardHomeInput(deps)),
    ),
  component: function DashboardHomeRoute() {
    return <DashboardHomePage search={Route.useSearch()} />;
  },
});
