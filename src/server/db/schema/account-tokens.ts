// Single-use links mailed to an account: a password reset, an e-mail address to verify.
// Stored as the token's SHA-256, like sessions: a copy of the table opens nothing.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAtColumn, parentId } from './columns';

export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    // SHA-256 (hex) of the token in the link.
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    // The address the link was mailed to: for a verification, the address it confirms (the
    // account's, or the new one it changes to).
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...createdAtColumn,
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId, t.purpose),
    check(
      'account_tokens_purpose_check',
      sql`${t.purpose} in ('password_reset', 'email_verification')`,
    ),
  ],
);
