import { Newspaper } from 'lucide-react';
import { StoredImage } from '@client/components/stored-image';

/**
 * How a post's cover is drawn where it appears: a card of the blog list (its 400px rendition,
 * a placeholder when the post has none) or the top of the article (the first thing on screen,
 * so fetched at once, not lazily).
 */
const COVER_AT = {
  card: {
    sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
    width: 400,
    height: 225,
    isPriority: false,
    className:
      'bg-muted aspect-video w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]',
  },
  article: {
    sizes: '(min-width: 768px) 768px, 100vw',
    width: 1200,
    height: 675,
    isPriority: true,
    className: 'bg-muted mt-8 aspect-video w-full rounded-xl object-cover',
  },
} as const;

export function PostCover({ url, at }: { url: string | null; at: keyof typeof COVER_AT }) {
  if (url) return <StoredImage src={url} alt="" {...COVER_AT[at]} />;
  if (at === 'article') return null;
  return (
    <div className="from-primary/15 to-primary/5 flex aspect-video w-full items-center justify-center bg-gradient-to-br">
      <Newspaper className="text-primary/60 size-10" aria-hidden="true" />
    </div>
  );
}
