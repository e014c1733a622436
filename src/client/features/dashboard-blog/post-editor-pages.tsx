import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { PostForm } from './post-form';

function EditorLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <Link
          to="/dashboard/blog"
          className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1.5 text-sm font-medium"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Volver a los posts
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      </div>
      {children}
    </div>
  );
}

export function NewPostPage() {
  return (
    <EditorLayout title="Crear Nuevo Post">
      <PostForm />
    </EditorLayout>
  );
}

function PostNotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      title={messages.postNotFound}
      action={
        <Button asChild variant="outline">
          <Link to="/dashboard/blog">Volver a los posts</Link>
        </Button>
      }
    />
  );
}

export function EditPostPage({ postId }: { postId: number }) {
  // The route turns an unreadable id into 0: no post can have it.
  if (postId <= 0) {
    return (
      <EditorLayout title="Editar Post">
        <PostNotFound />
      </EditorLayout>
    );
  }
  return <EditPostLoader postId={postId} />;
}

function EditPostLoader({ postId }: { postId: number }) {
  const trpc = useTRPC();
  const post = useQuery(trpc.admin.blog.get.queryOptions({ id: postId }));
  return (
    <EditorLayout title="Editar Post">
      <QueryState
        query={post}
        pending={<FullPageSpinner height="panel" />}
        error={
          <EmptyState
            icon={FileQuestion}
            title={errorMessage(post.error, messages.postNotFound)}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="outline" onClick={() => void post.refetch()}>
                  {messages.retry}
                </Button>
                <Button asChild variant="outline">
                  <Link to="/dashboard/blog">Volver a los posts</Link>
                </Button>
              </div>
            }
          />
        }
      >
        {(data) => <PostForm key={data.id} post={data} />}
      </QueryState>
    </EditorLayout>
  );
}
