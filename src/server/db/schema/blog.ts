import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull(),
    coverImageUrl: text('cover_image_url'),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('published'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The sitemap's lastmod: drizzle stamps it on every update through the query builder.
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('posts_status_created_at_idx').on(t.status, t.createdAt.desc()),
    check('posts_status_check', sql`${t.status} in ('published', 'draft')`),
  ],
);
