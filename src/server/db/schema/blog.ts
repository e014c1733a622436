import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestampColumns } from './columns';

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
    ...timestampColumns,
  },
  (t) => [
    index('posts_status_created_at_idx').on(t.status, t.createdAt.desc()),
    check('posts_status_check', sql`${t.status} in ('published', 'draft')`),
  ],
);
