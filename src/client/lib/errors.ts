import { TRPCClientError } from '@trpc/client';
import { messages } from '@shared/client-messages';

/**
 * The Spanish message of a failed call; never a stack trace or a raw network error. A form's
 * refusal goes through showRefusal (lib/refusals.ts), which puts it under the fields.
 */
export function errorMessage(error: unknown, fallback: string = messages.unexpected): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.data) {
    return error.message;
  }
  return fallback;
}
