// The store's legal pages (/privacidad, /terminos): plain text that staff edit in the dashboard.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LEGAL_PAGE_SLUGS } from '../../../shared/legal-pages';
import { users } from './auth';

export const sitePages = pgTable(
  'site_pages',
  {
    slug: text('slug', { enum: LEGAL_PAGE_SLUGS }).primaryKey(),
    title: text('title').notNull(),
    // Paragraphs separated by a blank line.
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('site_pages_slug_check', sql`${t.slug} in ('privacidad', 'terminos')`)],
);
