import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { core } from 'zod';
import { messages } from '@shared/messages';
import { adminRefusal } from '../auth/tiers';
import { fieldErrorsOf, firstFieldError } from '../validation';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send a stack trace to the browser, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const fieldErrors =
      error.cause instanceof core.$ZodError ? fieldErrorsOf(error.cause) : undefined;
    const isUnexpected = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isUnexpected
        ? messages.unexpected
        : fieldErrors
          ? firstFieldError(fieldErrors)
          : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: a successful mutation may change what the shop shows (stock, products,
 * taxonomies), so it drops the catalogue's short-lived cache.
 */
const baseProcedure = t.procedure.use(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok) ctx.catalogCache.clear();
  return result;
});

export const publicProcedure = baseProcedure;

/** Signed in with a customer profile: `ctx.session.customer` is never null inside. */
export const customerProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.session)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.unauthenticated });
  const { customer } = ctx.session;
  if (!customer) throw new TRPCError({ code: 'FORBIDDEN', message: messages.customerNotFound });
  return next({ ctx: { ...ctx, session: { ...ctx.session, customer } } });
});

/** Signed in with the admin role. */
export const adminProcedure = baseProcedure.use(({ ctx, next }) => {
  const refusal = adminRefusal(ctx.session);
  if (refusal) throw new TRPCError(refusal);
  // adminRefusal answered null, so there is a session.
  return next({ ctx: { ...ctx, session: ctx.session! } });
});

/** Refuses a caller's IP past the limiter's budget (login, sign-up, contact form). */
export const rateLimited = (bucket: string) =>
  t.middleware(async ({ ctx, next }) => {
    try {
      await ctx.rateLimiter.consume(`${bucket}:${ctx.ip}`);
    } catch {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    }
    return next();
  });
