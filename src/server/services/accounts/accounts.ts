import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { RegisterInput } from '@shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password';
import { invalidateUserSessions } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { customers, userRoles, users } from '../../db/schema';
import { failsAs } from '../../failed-step';
import { fieldRefusalError } from '../../validation';
import { invitedAddress } from '../companies/company-invitations';
import { refuseBreachedPassword } from './new-password';

/**
 * Creates the user, its customer profile and its role in one transaction: all or nothing.
 * `emailVerifiedAt` when the address was proved already (an invitation's link).
 */
export async function registerCustomer(
  db: Database,
  input: RegisterInput,
  emailVerifiedAt: Date | null = null,
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await failsAs(messages.registerFailed, () =>
        tx
          .insert(users)
          .values({ email: input.email, passwordHash, emailVerifiedAt })
          .returning({ id: users.id }),
      );
      if (!user)
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: messages.userIdFailed });
      await failsAs(messages.customerRegisterFailed, () =>
        tx.insert(customers).values({
          userId: user.id,
          fullName: input.fullName,
          phone: input.phone || null,
          email: input.email,
        }),
      );
      await failsAs(messages.roleRegisterFailed, () =>
        tx.insert(userRoles).values({ userId: user.id, role: 'customer' }),
      );
      return user.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.emailTaken });
    }
    throw error;
  }
}

/**
 * Sign-up that does not tell whether the e-mail already had an account: the password is
 * hashed either way (similar timing) and a taken address is simply not registered again. A
 * common breached password is refused first, whatever the address.
 *
 * Through a company's invitation (`invitationToken`), the server checks the token and that the
 * address is the one it was mailed to: opening that link proved the mailbox, so the account
 * starts confirmed and is mailed no confirmation link. The browser's word counts for nothing.
 * Returns the new user and whether its address still needs confirming, or null for a taken
 * address.
 */
export async function signUp(
  db: Database,
  input: RegisterInput,
  now: Date,
): Promise<{ userId: number; needsVerification: boolean } | null> {
  refuseBreachedPassword(input.password, 'password');
  let verifiedAt: Date | null = null;
  if (input.invitationToken) {
    const invited = await invitedAddress(db, input.invitationToken, now);
    if (invited !== input.email) {
      throw fieldRefusalError('email', messages.invitationSignUpOtherEmail);
    }
    verifiedAt = now;
  }
  try {
    const userId = await registerCustomer(db, input, verifiedAt);
    return { userId, needsVerification: verifiedAt === null };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'CONFLICT') return null;
    throw error;
  }
}

/** Gives an existing user the admin role; false when no user has that email. */
export async function promoteToAdmin(db: Executor, email: string): Promise<boolean> {
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

/** What the promote command shows before asking: who the account is and since when. */
export async function findAccount(db: Database, email: string) {
  const [account] = await db
    .select({
      email: users.email,
      createdAt: users.createdAt,
      fullName: customers.fullName,
      role: userRoles.role,
    })
    .from(users)
    .leftJoin(customers, eq(customers.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.email, email.toLowerCase()));
  return account ?? null;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up: create that admin, or take over the existing
 * account. Someone may have registered that address before the operator started the store,
 * so its password becomes ADMIN_PASSWORD and every session it had ends before it is
 * promoted. An account that is already this admin, with this password, is left as it is:
 * a restart or another instance must not sign the operator out.
 */
export async function ensureAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<'created' | 'taken-over' | 'unchanged'> {
  const normalized = email.toLowerCase();
  const [existing] = await failsAs(messages.roleReadFailed, () =>
    db
      .select({ passwordHash: users.passwordHash, role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, normalized)),
  );
  if (!existing) {
    try {
      await registerCustomer(db, { email: normalized, password, fullName: 'Administrador' });
    } catch (error) {
      // Another instance starting at the same moment created it first: check it again.
      if (error instanceof TRPCError && error.code === 'CONFLICT') {
        return ensureAdmin(db, email, password);
      }
      throw error;
    }
    await promoteToAdmin(db, normalized);
    return 'created';
  }
  if (existing.role === 'admin' && (await verifyPassword(existing.passwordHash, password))) {
    return 'unchanged';
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.email, normalized))
      .returning({ id: users.id });
    await invalidateUserSessions(tx, user!.id);
    await promoteToAdmin(tx, normalized);
  });
  return 'taken-over';
}

/** The id of the user with this e-mail and password, or null; an unknown e-mail costs a hash too. */
export async function passwordOwner(
  db: Database,
  input: { email: string; password: string },
): Promise<number | null> {
  const [user] = await failsAs(messages.userNotFound, () =>
    db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, input.email)),
  );
  const isValid = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  return user && isValid ? user.id : null;
}
