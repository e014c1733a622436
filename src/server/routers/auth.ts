import { loginInputSchema, registerInputSchema } from '@shared/schemas/auth';
import { checkLoginWithBackoff } from '../auth/login-backoff';
import {
  invalidateSession,
  invalidateUserSessions,
  replaceSession,
  type SessionUser,
} from '../auth/session';
import { passwordOwner, signUp } from '../services/accounts/accounts';
import { sendSignUpVerification } from '../services/accounts/email-verification';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimited, router, signedInProcedure } from '../trpc/init';
import { mailContextOf } from './account/context';
import { confirmEmailProcedure, passwordResetRouter } from './account-recovery';

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
  const { token, session } = await replaceSession(
    ctx.db,
    userId,
    ctx.session?.sessionId,
    ctx.clock.now(),
  );
  ctx.cookies.set(token, session.expiresAt);
  return toMe(session);
}

const limitedProcedure = publicProcedure.use(rateLimited('auth'));

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => toMe(ctx.session)),

  /**
   * The same answer whether the e-mail was free or not, and no session: the sign-up form then
   * logs in with the same credentials (docs/decisions/007-sign-up-answer.md).
   */
  register: limitedProcedure.input(registerInputSchema).mutation(async ({ ctx, input }) => {
    const account = await signUp(ctx.db, input, ctx.clock.now());
    // A new account is mailed the link that confirms its address, unless it came from an
    // invitation's link, which proved the address already.
    if (account?.needsVerification) {
      await sendSignUpVerification(ctx.db, account.userId, await mailContextOf(ctx));
    }
    return { ok: true as const };
  }),

  login: limitedProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    // Failures slow down this address for this account, never the account for everyone.
    const userId = await checkLoginWithBackoff(ctx, { email: input.email, ip: ctx.ip }, () =>
      passwordOwner(ctx.db, input),
    );
    return startSession(ctx, userId);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.sessionId);
    ctx.cookies.clear();
    return null;
  }),

  passwordReset: passwordResetRouter,
  confirmEmail: confirmEmailProcedure,

  /** 'Cerrar sesión en todos los dispositivos': every session of the caller's account. */
  logoutEverywhere: signedInProcedure.mutation(async ({ ctx }) => {
    await invalidateUserSessions(ctx.db, ctx.session.user.id);
    ctx.cookies.clear();
    return null;
  }),
});
