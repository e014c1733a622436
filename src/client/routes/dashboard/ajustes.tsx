import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@client/features/dashboard-settings/settings-page';

export const Route = createFileRoute('/dashboard/ajustes')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.admin.store.get.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.admin.store.invoicing.queryOptions()),
    ]),
  component: SettingsPage,
});
