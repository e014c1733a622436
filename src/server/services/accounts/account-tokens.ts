// Single-use account links (password reset, e-mail verification): issued with a lifetime,
// consumed once. Only the token's SHA-256 is stored (auth/tokens.ts), and the token itself is
// made when its mail is sent, never when the mail is queued
// (docs/decisions/076-secrets-out-of-backups-and-mails.md).
import { and, eq, sql } from 'drizzle-orm';
import { hashLinkToken, newLinkToken } from '../../auth/tokens';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { type AccountTokenPurpose, accountTokens } from '../../db/schema';

/**
 * A new link for `userId`: earlier unused links of the same purpose stop working, so only the
 * latest mail opens anything. Returns the token for the mail; the database keeps its hash.
 */
export async function issueAccountToken(
  tx: Executor,
  link: { userId: number; purpose: AccountTokenPurpose; email: string; ttlMs: number; now: Date },
): Promise<string> {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, link.userId), eq(accountTokens.purpose, link.purpose)));
  const token = newLinkToken();
  await tx.insert(accountTokens).values({
    id: hashLinkToken(token),
    userId: link.userId,
    purpose: link.purpose,
    email: link.email,
    createdAt: link.now,
    expiresAt: new Date(link.now.getTime() + link.ttlMs),
  });
  return token;
}

/**
 * A link asked for but not mailed yet: its row (what it confirms, until when) exists from the
 * request, earlier ones of the purpose stop working, but its hash is of a token nobody ever
 * sees. `mintAccountToken` gives it a real one when its mail is sent.
 */
export async function reserveAccountToken(
  tx: Executor,
  link: { userId: number; purpose: AccountTokenPurpose; email: string; ttlMs: number; now: Date },
) {
  await issueAccountToken(tx, link);
}

/**
 * The token for the mail being sent: the reserved (or earlier minted) link of the account for
 * this purpose and address gets a new token, living `ttlMs` from now; the previous one stops
 * working. Null when there is no such link any more (used, replaced by a request for another
 * address, or dropped): that mail has nothing left to open.
 */
export async function mintAccountToken(
  db: Executor,
  link: { userId: number; purpose: AccountTokenPurpose; email: string; ttlMs: number; now: Date },
): Promise<string | null> {
  const token = newLinkToken();
  // One row, even if two requests raced to reserve one each: the newest is the latest link.
  const minted = await queryRows<{ id: string }>(
    db,
    sql`update ${accountTokens}
        set id = ${hashLinkToken(token)}, created_at = ${link.now.toISOString()}::timestamptz,
            expires_at = ${new Date(link.now.getTime() + link.ttlMs).toISOString()}::timestamptz
        where id = (select id from ${accountTokens}
                    where user_id = ${link.userId} and purpose = ${link.purpose}
                      and email = ${link.email}
                    order by created_at desc limit 1)
        returning id`,
  );
  return minted.length > 0 ? token : null;
}

/**
 * Uses up the link: its row is deleted in the same statement that reads it, so of two
 * simultaneous uses only one finds it. Null when the token is unknown, used, of another
 * purpose or expired (an expired one is deleted too).
 */
export async function consumeAccountToken(
  tx: Executor,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: number; email: string } | null> {
  const [row] = await queryRows<{ user_id: number; email: string; is_live: boolean }>(
    tx,
    sql`delete from ${accountTokens}
        where ${accountTokens.id} = ${hashLinkToken(token)} and ${accountTokens.purpose} = ${purpose}
        returning user_id, email, expires_at > ${now.toISOString()}::timestamptz as is_live`,
  );
  return row?.is_live ? { userId: row.user_id, email: row.email } : null;
}

/** Every unused link of this purpose of the account stops working. */
export async function dropAccountTokens(
  tx: Executor,
  userId: number,
  purpose: AccountTokenPurpose,
) {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}
