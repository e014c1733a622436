import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

/** One order as the account, thank-you and dashboard screens receive it. */
export type OrderDetail = Outputs['orders']['get'];
export type OrderLine = OrderDetail['items'][number];
/** The customer's order page: the order plus its quote revisions, messages and history. */
export type AccountOrderDetail = Outputs['account']['orders']['get'];
export type QuoteRevision = AccountOrderDetail['revisions'][number];
export type OrderMessage = AccountOrderDetail['messages'][number];
