import { CalendarDays, UserRound } from 'lucide-react';
import { formatLongDate } from '@shared/format';
import { PostCover } from './post-cover';

export type PostArticleData = {
  title: string;
  content: string;
  authorName: string;
  createdAt: Date;
  coverImageUrl: string | null;
};

/** Author and long Spanish date of a post. */
export function PostMeta({ authorName, createdAt }: { authorName: string; createdAt: Date }) {
  return (
    <p className="text-muted-foreground flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden="true" />
        {authorName}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" />
        <time dateTime={new Date(createdAt).toISOString()}>{formatLongDate(createdAt)}</time>
      </span>
    </p>
  );
}

/**
 * A post is plain text: React renders it as text (never as HTML), so markup written in a
 * post is shown, not executed; its line breaks are kept by CSS.
 */
export function PostArticle({ post }: { post: PostArticleData }) {
  return (
    <article>
      <header className="space-y-4">
        <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
          {post.title}
        </h1>
        <PostMeta authorName={post.authorName} createdAt={post.createdAt} />
      </header>
      <PostCover url={post.coverImageUrl} at="article" />
      <div className="text-foreground/90 mt-8 text-base leading-relaxed break-words whitespace-pre-line sm:text-lg">
        {post.content}
      </div>
    </article>
  );
}
