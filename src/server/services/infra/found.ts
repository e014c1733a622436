import { TRPCError } from '@trpc/server';

/**
 * The row a lookup by key found, or the procedure's NOT_FOUND answer with `message` (a text of
 * the messages module). For queries that return at most one row.
 */
export async function foundOrThrow<T>(rows: PromiseLike<T[]>, message: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message });
  return row;
}
