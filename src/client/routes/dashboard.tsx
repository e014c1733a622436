import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '@client/components/layout/dashboard-layout';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { requireAdmin } from '@client/features/auth/guards';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context, location }) => requireAdmin(context, location.href),
  pendingComponent: FullPageSpinner,
  component: DashboardLayout,
});
