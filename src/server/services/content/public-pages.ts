// The reads of the search-engine files and link previews (ssr/seo-files.ts, ssr/preview-images.ts).
import { sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/queries';

export type SitemapEntry = { path: string; lastmod: Date | string };

/** Every public product (for sale) and published post, with its date, for /sitemap.xml. */
export function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  return queryRows<SitemapEntry>(
    db,
    sql`
      select '/producto/' || p.slug as path, p.updated_at as lastmod
      from products p where p.min_price is not null
      union all
      select '/blog/' || b.slug as path, b.updated_at as lastmod
      from posts b where b.status = 'published'
      order by path`,
  );
}

/** The first picture of the product with this slug (null: none; undefined: no such product). */
export async function productPictureOf(db: Database, slug: string) {
  const [row] = await queryRows<{ image: string | null }>(
    db,
    sql`select images ->> 0 as image from products where slug = ${slug}`,
  );
  return row;
}

/** The cover of the published post with this slug (null: none; undefined: no such post). */
export async function postCoverOf(db: Database, slug: string) {
  const [row] = await queryRows<{ image: string | null }>(
    db,
    sql`select cover_image_url as image from posts where slug = ${slug} and status = 'published'`,
  );
  return row;
}
