import { TRPCClientError } from '@trpc/client';
import { messages } from '@shared/client-messages';

/** The Spanish message of a failed call; never a stack trace or a raw network error. */
export function errorMessage(error: unknown, fallback: string = messages.unexpected): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.data) {
    return error.message;
  }
  return fallback;
}

/** Per-field messages sent by the server for invalid input, keyed by the field's path. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string[]> } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}
