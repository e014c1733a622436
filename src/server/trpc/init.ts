import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { core } from 'zod';
import { messages } from '@shared/messages';
import { clientKeyOf, type RateLimiter } from '../rate-limits';
import { adminRefusal } from '../auth/tiers';
import { fieldErrorsOf, firstFieldError } from '../validation';
import type { Context } from './context';

/** Every fixed text of ours: an internal error carrying one was written for the customer. */
const ownTexts = new Set<string>(
  Object.values(messages).filter((value) => typeof value === 'string'),
);

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send a stack trace to the browser, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const fieldErrors =
      error.cause instanceof core.$ZodError ? fieldErrorsOf(error.cause) : undefined;
    const isUnexpected = error.code === 'INTERNAL_SERVER_ERROR' && !ownTexts.has(error.message);
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

// The catalogue cache is emptied explicitly by what changes the catalogue (AppDeps'
// catalogChanged), not by every mutation: a login or a contact message must not cost every
// visitor a cold cache.
export const publicProcedure = t.procedure;

/** Signed in with any role (customer or admin). */
export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.unauthenticated });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Signed in with a customer profile: `ctx.session.customer` is never null inside. */
export const customerProcedure = signedInProcedure.use(({ ctx, next }) => {
  const { customer } = ctx.session;
  if (!customer) throw new TRPCError({ code: 'FORBIDDEN', message: messages.customerNotFound });
  return next({ ctx: { ...ctx, session: { ...ctx.session, customer } } });
});

/** Signed in with the admin role. */
export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  const refusal = adminRefusal(ctx.session);
  if (refusal) throw new TRPCError(refusal);
  // adminRefusal answered null, so there is a session.
  return next({ ctx: { ...ctx, session: ctx.session! } });
});

/** Takes one point of `key` from the limiter, or refuses with TOO_MANY_REQUESTS. */
export async function consumeOrRefuse(limiter: RateLimiter, key: string, message: string) {
  try {
    await limiter.consume(key);
  } catch (error) {
    // A store failure (a future shared limiter) is an error of ours, not the caller's excess.
    if (error instanceof Error) throw error;
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
  }
}

/** Refuses a client past the per-address budget (login, sign-up, contact form, newsletter). */
export const rateLimited = (bucket: string) =>
  t.middleware(async ({ ctx, next }) => {
    await consumeOrRefuse(
      ctx.rateLimiter,
      `${bucket}:${clientKeyOf(ctx.ip)}`,
      messages.tooManyRequests,
    );
    return next();
  });
