import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '@client/features/dashboard-activity/activity-page';
import { activityInput } from '@client/features/dashboard-activity/activity-input';
import { parseActivitySearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/actividad')({
  validateSearch: parseActivitySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.activity.list.queryOptions(activityInput(deps)),
    ),
  component: function ActivityRoute() {
    return <ActivityPage search={Route.useSearch()} />;
  },
});
