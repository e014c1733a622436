import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { RegisterInput } from '@shared/schemas/auth';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/client';
import { customers, userRoles, users } from '../db/schema';

/** Creates the user, its customer profile and its role in one transaction: all or nothing. */
export async function registerCustomer(db: Database, input: RegisterInput): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash })
        .returning({ id: users.id });
      if (!user)
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: messages.userIdFailed });
      await tx.insert(customers).values({
        userId: user.id,
        fullName: input.fullName,
        phone: input.phone || null,
        email: input.email,
      });
      await tx.insert(userRoles).values({ userId: user.id, role: 'customer' });
      return user.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.emailTaken });
    }
    throw error;
  }
}

/** Gives an existing user the admin role; false when no user has that email. */
export async function promoteToAdmin(db: Database, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) return false;
  await db
    .insert(userRoles)
    .values({ userId: user.id, role: 'admin' })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } });
  return true;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD at start-up: create that admin, or promote the existing user. */
export async function ensureAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<'created' | 'promoted'> {
  if (await promoteToAdmin(db, email)) return 'promoted';
  await registerCustomer(db, { email: email.toLowerCase(), password, fullName: 'Administrador' });
  await promoteToAdmin(db, email);
  return 'created';
}
