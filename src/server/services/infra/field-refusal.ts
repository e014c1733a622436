// A refusal that belongs under one form field, thrown from a procedure: the error formatter
// (trpc/init.ts) answers it like a refused input, `data.fieldErrors = { [field]: [message] }`,
// so the form shows it where it belongs.
import { TRPCError } from '@trpc/server';
import { core } from 'zod';

export function fieldRefusal(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new core.$ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}
