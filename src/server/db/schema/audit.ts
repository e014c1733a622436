import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** Before and after of each field a change touched: `{ price: { before: '10.00', after: '12.00' } }`. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Who changed what in the dashboard, written in the same transaction as the change. Append-only:
 * a trigger (same migration) refuses UPDATE and DELETE. `user_id` has no foreign key on purpose:
 * deleting a user must neither erase nor rewrite the record, so the email is kept beside it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    // A short human name of the entity at the time (product name, order number ...).
    label: text('label').notNull().default(''),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    ...createdAtColumn,
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_type_idx').on(t.entityType, t.createdAt.desc()),
    index('audit_log_user_id_idx').on(t.userId, t.createdAt.desc()),
  ],
);
