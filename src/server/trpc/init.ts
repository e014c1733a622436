import { initTRPC, TRPCError } from '@trpc/server';
import { core } from 'zod';
import { messages } from '@shared/messages';
import { adminRefusal } from '../auth/tiers';
import { isDatabaseUnavailable } from '../database-availability';
import { clientKeyOf, type RateLimiter } from '../rate-limits';
import { trpcTransformer } from './transformer';
import {
  type FieldErrors,
  fieldErrorsOf,
  firstFieldError,
  unstorableTextError,
} from '../validation';
import type { Context } from './context';

/** Every fixed text of ours: an internal error carrying one was written for the customer. */
const ownTexts = new Set<string>(
  Object.values(messages).filter((value) => typeof value === 'string'),
);

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
  // An internal error says which step failed when we wrote its text; never its cause.
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    return ownTexts.has(error.message) ? error.message : messages.unexpected;
  }
  if (fieldErrors) return firstFieldError(fieldErrors);
  if (procedureErrors.has(error)) return error.message;
  if (error.cause instanceof SyntaxError) return messages.invalidJson;
  return TRANSPORT_TEXTS[error.code] ?? messages.badRequest;
}

/**
 * What a procedure declares about itself. `changesCatalog`: a successful call changes what the
 * shop shows (products, stock, prices, taxonomies, blog), so the catalogue and page caches of
 * every instance are cleared after it (AppDeps' catalogChanged); a function decides from the
 * call's answer (a status change that moved no stock keeps the caches warm). Undeclared means
 * it does not, and tests/integration/catalog-classification.test.ts makes every mutation say so.
 */
export type ProcedureMeta = { changesCatalog?: true | ((output: unknown) => boolean) };

/** `.meta(CHANGES_CATALOG)` on a procedure whose success changes what the shop shows. */
export const CHANGES_CATALOG: ProcedureMeta = { changesCatalog: true };

/** For a procedure answering `{ isStockMoved }`: the shop changed when stock moved. */
export const CHANGES_CATALOG_IF_STOCK_MOVED: ProcedureMeta = {
  changesCatalog: (output) => (output as { isStockMoved?: boolean }).isStockMoved === true,
};

const changesCatalog = (meta: ProcedureMeta | undefined, output: unknown) =>
  typeof meta?.changesCatalog === 'function'
    ? meta.changesCatalog(output)
    : meta?.changesCatalog === true;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: trpcTransformer,
    // Never send a stack trace to the browser, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      // Whatever failed for want of the database (a procedure, its tiers, the context's session
      // check) answers 503 and says to try again: the answer's status follows data.httpStatus.
      if (isDatabaseUnavailable(error)) {
        return {
          ...shape,
          message: messages.serviceUnavailable,
          data: { code: 'SERVICE_UNAVAILABLE' as const, httpStatus: 503, fieldErrors: undefined },
        };
      }
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
 * `procedureErrors`), and a success of one declared `changesCatalog` clears the catalogue
 * caches once it has committed. Only those: a login or a contact message must not cost every
 * visitor a cold cache.
 */
const baseProcedure = t.procedure.use(async ({ ctx, meta, next, getRawInput }) => {
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
  if (result.ok && changesCatalog(meta, result.data)) await ctx.catalogChanged();
  return result;
});

export const publicProcedure = baseProcedure;

/** Signed in with any role (customer or admin). */
export const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
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
export const adminProcedure = baseProcedure.use(({ ctx, next }) => {
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
