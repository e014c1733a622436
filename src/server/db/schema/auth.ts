import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, parentId } from './columns';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  // Stored lower-cased so the unique constraint is case-insensitive.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  // When the owner opened a link mailed to `email` (sign-up, e-mail change, a reset or an
  // invitation all prove it); null until then. Unverified accounts hold fewer units
  // (UNVERIFIED_MAX_HELD_UNITS, services/accounts/email-verification.ts).
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  ...createdAtColumn,
});

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the token held in the cookie; the token itself is never stored.
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Start of the absolute lifetime that sliding expiry never goes past: deps.clock's instant,
    // given by createSession (auth/session.ts), never a default of the database or the process.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['customer', 'admin'] }).notNull(),
  },
  (t) => [check('user_roles_role_check', sql`${t.role} in ('customer', 'admin')`)],
);
