import { createFileRoute } from '@tanstack/react-router';
import { loadOrNotFound } from '@client/lib/load-or-not-found';
import { PostNotFoundPage, PostPage } from '@client/features/blog/post-page';
import { postSeo } from '@client/features/blog/post-seo';
import { absoluteUrlIn, loaderPageHead } from '@client/lib/seo';

export const Route = createFileRoute('/_store/blog/$slug')({
  // Awaited: the server's HTML carries the post; an unknown or draft slug answers 404.
  loader: async ({ context, params }) => {
    const post = await loadOrNotFound(() =>
      context.queryClient.ensureQueryData(
        context.trpc.blog.get.queryOptions({ slug: params.slug }),
      ),
    );
    return postSeo(post, absoluteUrlIn(context));
  },
  head: (route) => loaderPageHead(route),
  notFoundComponent: PostNotFoundPage,
  component: function PostRoute() {
    const { slug } = Route.useParams();
    return <PostPage slug={slug} />;
  },
});
