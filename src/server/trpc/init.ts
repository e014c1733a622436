import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { core } from 'zod';
import { messages } from '@shared/messages';
import {
  type FieldErrors,
  fieldErrorsOf,
  firstFieldError,
  unstorableTextError,
} from '../validation';
import type { Context } from './context';

/**
 * Errors that came out of a procedure (its tiers, its input, its handler). The others were
 * raised by tRPC itself before any procedure ran: an unknown path, a GET to a mutation, a body
 * that is not JSON. Those carry English texts, so they are answered by code instead.
 */
const procedureErrors = new WeakSet<TRPCError>();

const TRANSPORT_TEXTS: Partial<Record<TRPCError['code'], string>> = {
  PARSE_ERROR: messages.invalidJson,
  NOT_FOUND: messages.notFound,
  METHOD_NOT_SUPPORTED: messages.methodNotAllowed,
  UNSUPPORTED_MEDIA_TYPE: messages.unsupportedMediaType,
  PAYLOAD_TOO_LARGE: messages.bodyTooLarge,
};

function answerText(error: TRPCError, fieldErrors: FieldErrors | undefined) {
  if (error.code === 'INTERNAL_SERVER_ERROR') return messages.unexpected;
  if (fieldErrors) return firstFieldError(fieldErrors);
  if (procedureErrors.has(error)) return error.message;
  if (error.cause instanceof SyntaxError) return messages.invalidJson;
  return TRANSPORT_TEXTS[error.code] ?? messages.badRequest;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send a stack trace to the browser, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const fieldErrors =
      error.cause instanceof core.$ZodError ? fieldErrorsOf(error.cause) : undefined;
    return {
      ...shape,
      message: answerText(error, fieldErrors),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: its failures are marked as its own (their texts are ours, see
 * `procedureErrors`), and a successful mutation may change what the shop shows (stock,
 * products, taxonomies), so it drops the catalogue's short-lived cache.
 */
const baseProcedure = t.procedure.use(async ({ ctx, type, next, getRawInput }) => {
  // Reading the request's input (JSON, superjson) is tRPC's transport work, though tRPC does
  // it lazily inside the procedure: its failures are not the procedure's own.
  let inputError: unknown;
  const result = await next({
    getRawInput: async () => {
      const raw = await getRawInput().catch((error: unknown) => {
        inputError = error;
        throw error;
      });
      const unstorable = unstorableTextError(raw);
      if (unstorable) throw new TRPCError({ code: 'BAD_REQUEST', cause: unstorable });
      return raw;
    },
  });
  if (!result.ok && result.error !== inputError) procedureErrors.add(result.error);
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
