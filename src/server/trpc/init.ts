import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { messages } from '@shared/messages';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send a stack trace to the browser, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const fieldErrors = error.cause instanceof ZodError ? fieldErrorsOf(error.cause) : undefined;
    const isUnexpected = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isUnexpected
        ? messages.unexpected
        : fieldErrors
          ? firstMessage(fieldErrors)
          : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors },
    };
  },
});

/** `{ 'variants.0.price': ['El precio debe ser mayor a 0'] }`: one entry per invalid field. */
function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (result[key] ??= []).push(issue.message);
  }
  return result;
}

const firstMessage = (fieldErrors: Record<string, string[]>) =>
  Object.values(fieldErrors)[0]?.[0] ?? messages.unexpected;

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** Signed in with a customer profile: `ctx.session.customer` is never null inside. */
export const customerProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.unauthenticated });
  const { customer } = ctx.session;
  if (!customer) throw new TRPCError({ code: 'FORBIDDEN', message: messages.customerNotFound });
  return next({ ctx: { ...ctx, session: { ...ctx.session, customer } } });
});

/** Signed in with the admin role. */
export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.unauthenticated });
  if (ctx.session.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.forbidden });
  }
  return next({ ctx: { ...ctx, session: ctx.session } });
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
