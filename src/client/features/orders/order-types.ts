import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

/** One order as the account, thank-you and dashboard screens receive it. */
export type OrderDetail = Outputs['account']['orders']['get'];
export type OrderLine = OrderDetail['items'][number];
