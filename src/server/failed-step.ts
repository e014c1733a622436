import { TRPCError } from '@trpc/server';
import { pgErrorCode } from './db/errors';
import { InvalidImageError } from './storage/images';
import { StorageWriteError } from './storage/storage';

/** A violated constraint (class 23) is the caller's to interpret: a taken e-mail, a lost race. */
const isConstraintViolation = (error: unknown) => pgErrorCode(error)?.startsWith('23') ?? false;

/**
 * Runs one step of a service and, if the database fails it, answers which step failed in the
 * store's words (the cause is kept for the log; the browser never sees it). Refusals we throw
 * ourselves (a TRPCError, an image that is not one), a file the storage could not write (its
 * upload's own answer) and constraint violations pass through unchanged.
 */
export async function failsAs<T>(message: string, run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const isRefusal =
      error instanceof TRPCError ||
      error instanceof InvalidImageError ||
      error instanceof StorageWriteError;
    if (isRefusal || isConstraintViolation(error)) throw error;
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message, cause: error });
  }
}
