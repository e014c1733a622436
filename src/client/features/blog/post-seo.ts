import type { PageSeo } from '@client/lib/seo';
import { clipDescription, DEFAULT_OG_IMAGE, SITE_NAME } from '@client/lib/seo';

type PostForSeo = {
  slug: string;
  title: string;
  content: string;
  authorName: string;
  createdAt: Date;
  coverImageUrl: string | null;
};

/** A post's meta: its title, first paragraph, cover preview and BlogPosting data. */
export function postSeo(post: PostForSeo, absolute: (path: string) => string): PageSeo {
  const path = `/blog/${post.slug}`;
  const firstParagraph = post.content.split(/\n\s*\n/).find((part) => part.trim()) ?? '';
  const description = clipDescription(firstParagraph || post.title);
  const image = post.coverImageUrl ? `/og/blog/${post.slug}.jpg` : DEFAULT_OG_IMAGE;
  return {
    title: `${post.title} · Blog · Tienda`,
    description,
    path,
    type: 'article',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        image: absolute(image),
        datePublished: new Date(post.createdAt).toISOString(),
        author: { '@type': 'Person', name: post.authorName },
        publisher: { '@type': 'Organization', name: SITE_NAME },
        mainEntityOfPage: absolute(path),
      },
    ],
  };
}
