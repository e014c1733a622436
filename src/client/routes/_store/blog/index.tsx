import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '@client/features/blog/blog-list-page';
import { pageHead } from '@client/lib/seo';
import { parsePageSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/_store/blog/')({
  validateSearch: parsePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // prefetch, not ensure: a failed load is shown by the page itself, with its own text.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(context.trpc.blog.list.queryOptions({ page: deps.page })),
  head: ({ matches, match }) => {
    const { page } = match.loaderDeps;
    return pageHead(matches, {
      title: 'Blog · Tienda',
      description: 'Guías de compra, novedades y consejos de tecnología para empresas en Uruguay.',
      path: page > 1 ? `/blog?page=${page}` : '/blog',
    });
  },
  component: function BlogRoute() {
    const { page } = Route.useLoaderDeps();
    return <BlogListPage page={page} />;
  },
});
