import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Newspaper } from 'lucide-react';
import { PageIntro } from '@client/components/layout/page-intro';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton, SkeletonGroup } from '@client/components/ui/skeleton';
import { useTRPC } from '@client/lib/trpc';
import { errorToast, messages } from '@shared/client-messages';
import { BLOG_PAGE_SIZE } from '@shared/blog-limits';
import { PostCard } from './post-card';

export function BlogListPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const posts = useQuery(trpc.blog.list.queryOptions({ page }));
  const goTo = (next: number) =>
    navigate({ to: '/blog', search: { page: next > 1 ? next : undefined } });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-10">
        <PageIntro
          eyebrow="Blog"
          title="Desde Nuestro Blog"
          lead="Guías, novedades y consejos para elegir la tecnología de tu empresa."
        />
      </header>

      <QueryState
        query={posts}
        pending={<BlogGridSkeleton />}
        error={
          <EmptyState
            icon={Newspaper}
            title={errorToast(messages.postsLoadFailed)}
            description={messages.checkConnection}
            action={<Button onClick={() => void posts.refetch()}>{messages.retry}</Button>}
          />
        }
      >
        {({ items, pageCount }) =>
          items.length === 0 ? (
            <EmptyState
              icon={Newspaper}
              title={page > 1 ? messages.noPostsOnPage : messages.noPostsYet}
              description={page > 1 ? undefined : messages.noPostsYetHint}
              action={
                page > 1 ? (
                  <Button asChild variant="outline">
                    <Link to="/blog">Ir a la primera página</Link>
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
              {pageCount > 1 ? (
                <Pagination
                  className="mt-10"
                  page={page}
                  pageCount={pageCount}
                  onPage={(next) => void goTo(next)}
                />
              ) : null}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function BlogGridSkeleton() {
  return (
    <SkeletonGroup className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: Math.min(BLOG_PAGE_SIZE, 6) }, (_, i) => (
        <div key={i} className="border-border overflow-hidden rounded-xl border">
          <Skeleton rounded="none" className="aspect-video w-full" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-16 w-full" />
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}
