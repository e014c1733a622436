/** Calls one tRPC batch may carry: the server refuses more, the client never sends more. */
export const MAX_BATCH_CALLS = 10;
