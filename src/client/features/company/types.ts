import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

/** The caller's company with its members (and, for an administrator, its invitations). */
export type CompanyMembers = NonNullable<Outputs['account']['company']['members']>;
export type CompanyMember = CompanyMembers['members'][number];
