import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sitemapEntries } from '../services/content/public-pages';
import type { AppDeps } from '../app-deps';
import { PRIVATE_PREFIXES } from './pages';

const STATIC_PAGES = ['/', '/tienda', '/blog', '/nosotros'];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The site's absolute origin: PUBLIC_URL when set, else the host the request named. */
export function siteOriginOf(deps: AppDeps, request: FastifyRequest): string {
  return deps.config.PUBLIC_URL
    ? new URL(deps.config.PUBLIC_URL).origin
    : `${request.protocol}://${request.host}`;
}

type Entry = { path: string; lastmod?: Date | string };

/** /robots.txt and /sitemap.xml for search engines (docs/product.md, "Search engines and link previews"). */
export function registerSeoFiles(app: FastifyInstance, deps: AppDeps) {
  app.get('/robots.txt', async (request, reply) => {
    const origin = siteOriginOf(deps, request);
    const lines = [
      'User-agent: *',
      ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOriginOf(deps, request);
    const entries: Entry[] = [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...(await sitemapEntries(deps.db)),
    ];
    const urls = entries.map((entry) => {
      const lastmod = entry.lastmod
        ? `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>`
        : '';
      return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(xml);
  });
}
