// Sessions as the Lucia guide teaches them: https://lucia-auth.com/sessions/basic
// 'Now' is always the caller's, from deps.clock: a test that moves the clock moves sessions.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { queryPreparedRows } from '../db/queries';
import { customers, sessions, userRoles, users } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_DURATION_MS = 30 * DAY_MS;
/** Sliding keeps an active session alive, but never longer than this from its creation. */
export const SESSION_MAX_AGE_DAYS = 90;
const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_DAYS * DAY_MS;

export type Role = 'customer' | 'admin';

export type SessionUser = {
  sessionId: string;
  expiresAt: Date;
  /** True when this validation pushed the expiry forward: the cookie must carry the new one. */
  isExtended: boolean;
  user: { id: number; email: string };
  role: Role;
  customer: {
    id: number;
    fullName: string;
    phone: string | null;
    email: string;
    /** Whether the account's address was confirmed: an unconfirmed one holds fewer units. */
    emailVerified: boolean;
  } | null;
};

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

const sessionIdFromToken = (token: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** `createdAt` is deps.clock's now: it starts both the sliding and the absolute lifetime. */
export async function createSession(db: Database, token: string, userId: number, createdAt: Date) {
  const session = {
    id: sessionIdFromToken(token),
    userId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + SESSION_DURATION_MS),
  };
  await db.insert(sessions).values(session);
  return session;
}

type SessionRow = {
  expiresAtMs: number;
  createdAtMs: number;
  userId: number;
  email: string;
  emailVerified: boolean;
  role: Role | null;
  customerId: number | null;
  fullName: string | null;
  phone: string | null;
  customerEmail: string | null;
};

/**
 * A session and its user, by the session's id: read on every signed-in request, so a prepared
 * statement (planned once per connection, sent in one round trip; db/queries.ts). Times as epoch
 * milliseconds: the raw rows carry no column types to make Dates from.
 */
const sessionRowQuery = (sessionId: string) => sql`
  select (extract(epoch from ${sessions.expiresAt}) * 1000)::float8 as "expiresAtMs",
         (extract(epoch from ${sessions.createdAt}) * 1000)::float8 as "createdAtMs",
         ${users.id} as "userId", ${users.email} as "email",
         ${users.emailVerifiedAt} is not null as "emailVerified",
         ${userRoles.role} as "role", ${customers.id} as "customerId",
         ${customers.fullName} as "fullName", ${customers.phone} as "phone",
         ${customers.email} as "customerEmail"
  from ${sessions}
  join ${users} on ${users.id} = ${sessions.userId}
  left join ${userRoles} on ${userRoles.userId} = ${users.id}
  left join ${customers} on ${customers.userId} = ${users.id}
  where ${sessions.id} = ${sessionId}`;

/** The session's user, or null when the token is unknown or expired; extends it past half-life. */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await queryPreparedRows<SessionRow>(db, sessionRowQuery(sessionId));
  if (!row) return null;

  let expiresAt = new Date(row.expiresAtMs);
  let isExtended = false;
  const endOfLife = row.createdAtMs + SESSION_MAX_AGE_MS;
  if (now.getTime() >= Math.min(expiresAt.getTime(), endOfLife)) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const extendedTo = Math.min(now.getTime() + SESSION_DURATION_MS, endOfLife);
  if (
    now.getTime() >= expiresAt.getTime() - SESSION_DURATION_MS / 2 &&
    extendedTo > expiresAt.getTime()
  ) {
    expiresAt = new Date(extendedTo);
    isExtended = true;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    expiresAt,
    isExtended,
    user: { id: row.userId, email: row.email },
    role: row.role ?? 'customer',
    customer:
      row.customerId === null
        ? null
        : {
            id: row.customerId,
            fullName: row.fullName ?? '',
            phone: row.phone,
            email: row.customerEmail ?? row.email,
            emailVerified: row.emailVerified,
          },
  };
}

/**
 * A login: ends the session the browser came with (another account's, or a planted one), opens
 * a new one for `userId` and returns its token and user.
 */
export async function replaceSession(
  db: Database,
  userId: number,
  previousSessionId: string | undefined,
  now: Date,
): Promise<{ token: string; session: SessionUser }> {
  if (previousSessionId) await invalidateSession(db, previousSessionId);
  const token = generateSessionToken();
  await createSession(db, token, userId, now);
  const session = await validateSessionToken(db, token, now);
  if (!session) throw new Error('a session just created was not found');
  return { token, session };
}

export async function invalidateSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: 'Cerrar sesión en todos los dispositivos', admin takeover. */
export async function invalidateUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Deletes the sessions past their expiry; returns how many. Extension never moves the expiry
 * beyond the absolute lifetime, so expiry alone covers both.
 */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
