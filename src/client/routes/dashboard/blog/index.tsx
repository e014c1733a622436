import { createFileRoute } from '@tanstack/react-router';
import { PostsAdminPage } from '@client/features/dashboard-blog/posts-admin-page';
import { blogSearchSchema } from '@shared/schemas/blog';

export const Route = createFileRoute('/dashboard/blog/')({
  validateSearch: blogSearchSchema,
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
