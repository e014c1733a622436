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
  validateSessionToken,
} from '../auth/session';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimited, router } from '../trpc/init';
import { users } from '../db/schema';
import { registerCustomer } from '../services/accounts';

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
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  ctx.cookies.set(token, session.expiresAt);
  return toMe(await validateSessionToken(ctx.db, token));
}

const limitedProcedure = publicProcedure.use(rateLimited('auth'));

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => toMe(ctx.session)),

  register: limitedProcedure.input(registerInputSchema).mutation(async ({ ctx, input }) => {
    const userId = await registerCustomer(ctx.db, input);
    return startSession(ctx, userId);
  }),

  login: limitedProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, input.email));
    const isValid = await verifyPassword(
      user?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    if (!user || !isValid) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
    }
    return startSession(ctx, user.id);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.sessionId);
    ctx.cookies.clear();
    return null;
  }),
});
