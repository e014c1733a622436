import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '@client/features/inbox/inbox-page';
import { parseInboxSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/mensajes')({
  validateSearch: parseInboxSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'mensajes', page: search.page ?? 1 }),
  loader: ({ context: { queryClient, trpc }, deps }) => {
    const input = { page: deps.page };
    if (deps.tab === 'correos') {
      return queryClient.prefetchQuery(trpc.admin.mail.list.queryOptions(input));
    }
    if (deps.tab === 'suscriptores') {
      return queryClient.prefetchQuery(trpc.admin.inbox.subscribers.list.queryOptions(input));
    }
    return queryClient.prefetchQuery(trpc.admin.inbox.messages.list.queryOptions(input));
  },
  component: function InboxRoute() {
    const { tab, page } = Route.useLoaderDeps();
    return <InboxPage tab={tab} page={page} />;
  },
});
