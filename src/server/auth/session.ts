// Sessions as the Lucia guide teaches them: https://lucia-auth.com/sessions/basic
// 'Now' is always the caller's, from deps.clock: a test that moves the clock moves sessions.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq, lt } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
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

/** The session's user, or null when the token is unknown or expired; extends it past half-life. */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: userRoles.role,
      customerId: customers.id,
      fullName: customers.fullName,
      phone: customers.phone,
      customerEmail: customers.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(customers, eq(customers.userId, users.id))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;

  let expiresAt = row.expiresAt;
  let isExtended = false;
  const endOfLife = row.createdAt.getTime() + SESSION_MAX_AGE_MS;
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
            emailVerified: row.emailVerifiedAt !== null,
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
