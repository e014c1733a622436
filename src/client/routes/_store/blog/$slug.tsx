import { createFileRoute } from '@tanstack/react-router';
import { PostPage } from '@client/features/blog/post-page';

export const Route = createFileRoute('/_store/blog/$slug')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.blog.get.queryOptions({ slug: params.slug })),
  component: function PostRoute() {
    const { slug } = Route.useParams();
    return <PostPage slug={slug} />;
  },
});
