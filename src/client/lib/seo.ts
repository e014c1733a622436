// Meta for search engines and link previews, as TanStack Router `head()` answers: the server
// renders them into the HTML, the browser keeps them in step on client navigation.
import type { AnyRouteMatch } from '@tanstack/react-router';
import type { RouterContext } from './router-context';

export const SITE_NAME = 'Tienda';
export const STORE_TITLE = 'Tienda · Tecnología para empresas';
export const NOT_FOUND_TITLE = 'Página no encontrada · Tienda';
export const BAD_ADDRESS_TITLE = 'Dirección inválida · Tienda';
export const DEFAULT_DESCRIPTION =
  'Tecnología para empresas en Uruguay: notebooks, celulares, monitores, impresoras y redes. Solicitá tu cotización.';
/** The store's own preview image (1200 × 630 JPEG, made by the server from the logo). */
export const DEFAULT_OG_IMAGE = '/og/tienda.jpg';
const DESCRIPTION_MAX = 155;

type MetaTag = NonNullable<AnyRouteMatch['meta']>[number];
type LinkTag = NonNullable<AnyRouteMatch['links']>[number];

export type PageSeo = {
  title: string;
  description?: string;
  /** Path of the page's canonical URL, without origin. */
  path: string;
  type?: 'website' | 'product' | 'article';
  /** Path or absolute URL of a JPEG/PNG preview at least 1200 px wide. */
  image?: string;
  jsonLd?: object[];
  noindex?: boolean;
};

/** For loaders: the server's origin while rendering there, the page's own in the browser. */
export const contextOrigin = (context: RouterContext) =>
  context.siteOrigin ?? window.location.origin;

/** For loaders: a site path as an absolute URL (canonical, og:url, JSON-LD). */
export function absoluteUrlIn(context: RouterContext): (path: string) => string {
  const origin = contextOrigin(context);
  return (path) => absoluteUrl(origin, path);
}

/**
 * The head of a page whose loader returns its SEO; nothing while the page is not found. Call it
 * from an arrow (`head: (route) => loaderPageHead(route)`): passed bare, its declared parameter
 * stops TypeScript inferring the loader's own types.
 */
export function loaderPageHead(route: {
  matches: readonly AnyRouteMatch[];
  loaderData?: PageSeo | undefined;
}) {
  return route.loaderData ? pageHead(route.matches, route.loaderData) : {};
}

/** The origin the root route's loader recorded on the server (see routes/__root.tsx). */
export function siteOriginOf(matches: readonly AnyRouteMatch[]): string {
  const data = matches[0]?.loaderData as { siteOrigin?: string } | undefined;
  return data?.siteOrigin ?? '';
}

export const absoluteUrl = (origin: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${origin}${path}`;

/**
 * A description under 160 characters: whole sentences when they fill most of it, else cut at
 * a word with an ellipsis (and without the punctuation before it: 'RAM….' reads as a typo).
 */
export function clipDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX);
  const sentenceEnd = cut.lastIndexOf('. ');
  if (sentenceEnd > 80) return cut.slice(0, sentenceEnd + 1);
  const wordEnd = cut.lastIndexOf(' ', DESCRIPTION_MAX - 1);
  const words = cut.slice(0, wordEnd > 80 ? wordEnd : DESCRIPTION_MAX - 1);
  return `${words.replace(/[\s.,;:!?¿¡–—-]+$/, '')}…`;
}

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
export function pageHead(
  matches: readonly AnyRouteMatch[],
  seo: PageSeo,
): { meta: MetaTag[]; links: LinkTag[] } {
  const origin = siteOriginOf(matches);
  const url = absoluteUrl(origin, seo.path);
  const description = clipDescription(seo.description ?? DEFAULT_DESCRIPTION);
  const image = absoluteUrl(origin, seo.image ?? DEFAULT_OG_IMAGE);
  return {
    meta: [
      { title: seo.title },
      { name: 'description', content: description },
      ...(seo.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      { property: 'og:site_name', content: SITE_NAME },
      { property: 'og:locale', content: 'es_UY' },
      { property: 'og:type', content: seo.type ?? 'website' },
      { property: 'og:title', content: seo.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: seo.title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
      // The router serialises these with '<' escaped, so no text can close the script tag.
      ...(seo.jsonLd ?? []).map((data) => ({ 'script:ld+json': data }) as MetaTag),
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

/** Pages that are nobody's search result: account, checkout, dashboard. */
export const noindexHead = () => ({ meta: [{ name: 'robots', content: 'noindex' }] });

type TextNode = { type?: string; text?: string; content?: TextNode[] };

/**
 * The plain text of a stored rich-text document, for a meta description: the pieces of one
 * paragraph joined as they are (a bold word is not a word of its own), and each block (heading,
 * paragraph, list item) a sentence of its own, so a heading does not run into the text below it.
 */
export function richTextPlain(node: TextNode | null | undefined): string {
  if (!node) return '';
  if (node.text !== undefined) return node.text;
  if (node.type === 'hardBreak') return ' ';
  const children = node.content ?? [];
  if (children.some((child) => child.text !== undefined)) {
    return children.map(richTextPlain).join('').trim();
  }
  return children
    .map(richTextPlain)
    .filter((text) => text !== '')
    .map((text) => (/[.!?:;…]$/.test(text) ? text : `${text}.`))
    .join(' ');
}
