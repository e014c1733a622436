import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '@client/components/layout/dashboard-layout';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { noindexHead } from '@client/lib/seo';
import { requireAdmin } from '@client/features/auth/guards';

export const Route = createFileRoute('/dashboard')({
  // Personal pages, nobody's search result: the server checks the session (a visitor without
  // one is redirected before any HTML) and loads the data; the browser renders the page.
  ssr: 'data-only',
  head: noindexHead,
  beforeLoad: ({ context, location }) => requireAdmin(context, location.href),
  pendingComponent: FullPageSpinner,
  component: DashboardLayout,
});
