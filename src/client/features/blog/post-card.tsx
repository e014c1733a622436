import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { PostMeta } from './post-article';
import { PostCover } from './post-cover';

export type PostCardData = {
  slug: string;
  title: string;
  teaser: string;
  authorName: string;
  createdAt: Date;
  coverImageUrl: string | null;
};

export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="group border-border bg-card focus-within:ring-ring relative flex flex-col overflow-hidden rounded-xl border shadow-sm transition-shadow focus-within:ring-2 hover:shadow-md">
      <PostCover url={post.coverImageUrl} at="card" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <PostMeta authorName={post.authorName} createdAt={post.createdAt} />
        <h2 className="text-lg leading-snug font-semibold">
          <Link
            to="/blog/$slug"
            params={{ slug: post.slug }}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h2>
        <p className="text-muted-foreground text-sm leading-relaxed">{post.teaser}</p>
        <span className="text-primary mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium">
          Leer más
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
