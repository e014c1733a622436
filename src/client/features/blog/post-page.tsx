import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton, SkeletonGroup } from '@client/components/ui/skeleton';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { PostArticle } from './post-article';

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1.5 rounded-md text-sm font-medium focus-visible:ring-2 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Volver al blog
    </Link>
  );
}

export function PostPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const post = useQuery(trpc.blog.get.queryOptions({ slug }));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-8">
        <BackToBlog />
      </div>
      <QueryState
        query={post}
        pending={
          <SkeletonGroup className="space-y-4">
            <Skeleton className="h-10 w-4/5" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton rounded="xl" className="mt-8 aspect-video w-full" />
            <Skeleton className="h-32 w-full" />
          </SkeletonGroup>
        }
        error={<PostNotFound description={messages.postLoadFailed} />}
      >
        {(data) =>
          data ? (
            <PostArticle post={data} />
          ) : (
            <PostNotFound description={messages.postNotPublished} />
          )
        }
      </QueryState>
    </div>
  );
}

/** An unknown or unpublished slug: answered with status 404 by the server. */
export function PostNotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PostNotFound description={messages.postNotPublished} />
    </div>
  );
}

/** A missing post and a failed load both read 'Post no encontrado'. */
function PostNotFound({ description }: { description: string }) {
  return (
    <EmptyState
      icon={FileQuestion}
      title={messages.postNotFoundPublic}
      description={description}
      action={
        <Button asChild>
          <Link to="/blog">Ver todos los posts</Link>
        </Button>
      }
    />
  );
}
