// Sessions as the Lucia guide teaches them: https://lucia-auth.com/sessions/basic
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, sessions, userRoles, users } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_DURATION_MS = 30 * DAY_MS;

export type Role = 'customer' | 'admin';

export type SessionUser = {
  sessionId: string;
  expiresAt: Date;
  /** True when this validation pushed the expiry forward: the cookie must carry the new one. */
  isExtended: boolean;
  user: { id: number; email: string };
  role: Role;
  customer: { id: number; fullName: string; phone: string | null; email: string } | null;
};

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

const sessionIdFromToken = (token: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(db: Database, token: string, userId: number) {
  const session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DURATION_MS),
  };
  await db.insert(sessions).values(session);
  return session;
}

/** The session's user, or null when the token is unknown or expired; extends it past half-life. */
export async function validateSessionToken(
  db: Database,
  token: string,
): Promise<SessionUser | null> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
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
  if (Date.now() >= expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  if (Date.now() >= expiresAt.getTime() - SESSION_DURATION_MS / 2) {
    expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
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
          },
  };
}

export async function invalidateSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
