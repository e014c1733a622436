import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

export type StaffCustomerRow = Outputs['admin']['customers']['list']['items'][number];
export type StaffCompanyRow = Outputs['admin']['companies']['list']['items'][number];
export type StaffCustomer = Outputs['admin']['customers']['get'];
export type StaffCompany = Outputs['admin']['companies']['get'];
