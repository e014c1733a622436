import { failsAs } from '../failed-step';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { loginInputSchema, registerInputSchema } from '@shared/schemas/auth';
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
import {
  consumeOrRefuse,
  publicProcedure,
  rateLimited,
  router,
  signedInProcedure,
} from '../trpc/init';
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
    // Per account, whatever address the attempts come from; the e-mail is already lower-cased.
    // Every attempt takes a point and a success gives them all back, so only failures add up.
    const accountKey = `login:${input.email}`;
    await consumeOrRefuse(ctx.loginFailureLimiter, accountKey, messages.accountLocked);
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
    if (!user || !isValid) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
    }
    await ctx.loginFailureLimiter.delete(accountKey);
    return startSession(ctx, user.id);
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
