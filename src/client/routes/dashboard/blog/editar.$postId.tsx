import { createFileRoute } from '@tanstack/react-router';
import { EditPostPage } from '@client/features/dashboard-blog/post-editor-pages';
import { idParam } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/blog/editar/$postId')({
  params: {
    parse: ({ postId }) => ({ postId: idParam(postId) }),
    stringify: ({ postId }) => ({ postId: String(postId) }),
  },
  loader: ({ context, params }) =>
    params.postId > 0
      ? context.queryClient.prefetchQuery(
          context.trpc.admin.blog.get.queryOptions({ id: params.postId }),
        )
      : undefined,
  component: function EditPostRoute() {
    const { postId } = Route.useParams();
    return <EditPostPage postId={postId} />;
  },
});
