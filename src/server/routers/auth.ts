import { failsAs } from '../failed-step';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { type LoginInput, loginInputSchema, registerInputSchema } from '@shared/schemas/auth';
import { checkLoginWithBackoff } from '../auth/login-backoff';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import type { SessionUser } from '../auth/session';
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  validateSessionToken,
} from '../auth/session';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimited, router, signedInProcedure } from '../trpc/init';
import { users } from '../db/schema';
import { signUp } from '../services/accounts';

/** What the browser may know about the signed-in visitor. */
export type Me = {
  email: string;
  role: SessionUser['role'];
  fullName: string | null;
  phone: string | null;
};

const toMe = (session: SessionUser | null): Me | null =>
  session && {
    email: session.user.email,
    role: session.role,
    fullName: session.customer?.fullName ?? null,
    phone: session.customer?.phone ?? null,
  };

async function startSession(ctx: Context, userId: number): Promise<Me | null> {
  // The session the browser came with (another account's, or a planted one) ends here.
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.sessionId);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  ctx.cookies.set(token, session.expiresAt);
  return toMe(await validateSessionToken(ctx.db, token));
}

/** The id of the user with this e-mail and password, or null; an unknown e-mail costs a hash too. */
async function passwordOwner(ctx: Context, input: LoginInput): Promise<number | null> {
  const [user] = await failsAs(messages.userNotFound, () =>
    ctx.db
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

const limitedProcedure = publicProcedure.use(rateLimited('auth'));

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => toMe(ctx.session)),

  /**
   * The same answer whether the e-mail was free or not, and no session: the sign-up form then
   * logs in with the same credentials (docs/decisions/007-sign-up-answer.md).
   */
  register: limitedProcedure.input(registerInputSchema).mutation(async ({ ctx, input }) => {
    await signUp(ctx.db, input);
    return { ok: true as const };
  }),

  login: limitedProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    // Failures slow down this address for this account, never the account for everyone.
    const userId = await checkLoginWithBackoff(ctx, { email: input.email, ip: ctx.ip }, () =>
      passwordOwner(ctx, input),
    );
    return startSession(ctx, userId);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.sessionId);
    ctx.cookies.clear();
    return null;
  }),

  /** 'Cerrar sesión en todos los dispositivos': every session of the caller's account. */
  logoutEverywhere: signedInProcedure.mutation(async ({ ctx }) => {
    await invalidateUserSessions(ctx.db, ctx.session.user.id);
    ctx.cookies.clear();
    return null;
  }),
});
