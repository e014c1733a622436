import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '@client/components/layout/dashboard-layout';
import { personalPage, requireAdmin } from '@client/features/auth/guards';

export const Route = createFileRoute('/dashboard')({
  ...personalPage(requireAdmin),
  component: DashboardLayout,
});
