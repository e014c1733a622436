import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/** When a row was written: every table that keeps it spells the column the same way. */
export const createdAtColumn = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** createdAt plus updatedAt, the sitemap's lastmod of products and posts. */
export const timestampColumns = {
  ...createdAtColumn,
  // Drizzle stamps it on every update through the query builder.
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A required link to the row this one belongs to: deleting that row deletes this one too. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
