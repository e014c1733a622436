import { createFileRoute } from '@tanstack/react-router';
import { PostsAdminPage } from '@client/features/dashboard-blog/posts-admin-page';
import { parsePageSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/blog/')({
  validateSearch: parsePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.blog.list.queryOptions({ page: deps.page }),
    ),
  component: function PostsAdminRoute() {
    const { page } = Route.useLoaderDeps();
    return <PostsAdminPage page={page} />;
  },
});
