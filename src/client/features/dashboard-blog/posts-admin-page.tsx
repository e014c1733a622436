import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ExternalLink, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton, SkeletonGroup } from '@client/components/ui/skeleton';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { errorToast, messages } from '@shared/client-messages';
import type { PostStatus } from '@shared/schemas/blog';
import { PostStatusBadge } from './post-status-badge';

type PostRow = { id: number; title: string; slug: string; status: PostStatus; createdAt: Date };

export function PostsAdminPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<PostRow | null>(null);
  const posts = useQuery(trpc.admin.blog.list.queryOptions({ page }));

  useEffect(() => {
    if (posts.isError) notify.error(messages.postsLoadErrorToast(errorMessage(posts.error)));
  }, [posts.isError, posts.error]);

  // Both the dashboard table and the public blog show these posts.
  const refreshPosts = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.blog.pathFilter()),
      queryClient.invalidateQueries(trpc.blog.pathFilter()),
    ]);

  const remove = useMutation(
    trpc.admin.blog.delete.mutationOptions({
      onSuccess: async (result) => {
        setToDelete(null);
        if (result.isImageRemoved) notify.success(messages.postDeleted);
        else notify.error(messages.postDeletedImageFailed);
        await refreshPosts();
      },
      onError: (error) => notify.error(messages.postDeleteErrorToast(errorMessage(error))),
    }),
  );
  const setStatus = useMutation(
    trpc.admin.blog.setStatus.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.postUpdated);
        await refreshPosts();
      },
      onError: (error) => notify.error(errorToast(errorMessage(error))),
    }),
  );
  const goTo = (next: number) =>
    navigate({ to: '/dashboard/blog', search: { page: next > 1 ? next : undefined } });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Gestionar Blog</h1>
          {posts.data ? (
            <p className="text-muted-foreground text-sm">{posts.data.total} post(s) en total</p>
          ) : null}
        </div>
        <Button asChild>
          <Link to="/dashboard/blog/nuevo">
            <Plus aria-hidden="true" />
            Crear Nuevo Post
          </Link>
        </Button>
      </div>

      <QueryState
        query={posts}
        pending={
          <Card>
            <SkeletonGroup className="space-y-3 p-4">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </SkeletonGroup>
          </Card>
        }
        error={
          <EmptyState
            icon={FileText}
            title={messages.postsLoadErrorToast(errorMessage(posts.error))}
            action={<Button onClick={() => void posts.refetch()}>{messages.retry}</Button>}
          />
        }
      >
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState
              icon={FileText}
              title={messages.noAdminPosts}
              description={messages.noAdminPostsHint}
            />
          ) : (
            <Card className="overflow-hidden">
              <DataTable
                columns={[
                  'Título',
                  'Estado',
                  { title: 'Fecha', className: 'hidden sm:table-cell' },
                  { title: 'Acciones', align: 'right' },
                ]}
              >
                {items.map((post) => (
                  <TableRow key={post.id}>
                    <TableCell className="max-w-[16rem] min-w-[6rem] font-medium sm:max-w-md">
                      <span className="line-clamp-3">{post.title}</span>
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-col items-start gap-1">
                        <PostStatusBadge status={post.status} />
                        <button
                          type="button"
                          className="text-primary focus-visible:ring-ring rounded text-xs font-medium hover:underline focus-visible:ring-2 focus-visible:outline-none disabled:opacity-50"
                          disabled={setStatus.isPending}
                          onClick={() =>
                            setStatus.mutate({
                              id: post.id,
                              status: post.status === 'published' ? 'draft' : 'published',
                            })
                          }
                        >
                          {post.status === 'published' ? 'Pasar a borrador' : 'Publicar'}
                        </button>
                      </div>
                    </TableCell>
                    <TableCell className="text-muted-foreground hidden sm:table-cell">
                      {formatDate(post.createdAt)}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1 sm:gap-2">
                        {post.status === 'published' ? (
                          <Button asChild variant="ghost" size="sm" className="max-md:hidden">
                            <Link to="/blog/$slug" params={{ slug: post.slug }} target="_blank">
                              <ExternalLink aria-hidden="true" />
                              Ver
                            </Link>
                          </Button>
                        ) : null}
                        <Button asChild variant="outline" size="sm">
                          <Link to="/dashboard/blog/editar/$postId" params={{ postId: post.id }}>
                            <Pencil aria-hidden="true" />
                            <span className="sr-only sm:not-sr-only">Editar</span>
                          </Link>
                        </Button>
                        <Button
                          variant="outline-destructive"
                          size="sm"
                          onClick={() => setToDelete(post)}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only sm:not-sr-only">Eliminar</span>
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </Card>
          )
        }
      </QueryState>

      {posts.data && posts.data.pageCount > 1 ? (
        <Pagination
          page={page}
          pageCount={posts.data.pageCount}
          onPage={(next) => void goTo(next)}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="¿Estás seguro de que querés eliminar este post?"
        description={toDelete ? `«${toDelete.title}» se borrará junto con su imagen.` : undefined}
        isPending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </div>
  );
}
