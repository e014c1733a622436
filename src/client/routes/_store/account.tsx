import { createFileRoute } from '@tanstack/react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { noindexHead } from '@client/lib/seo';
import { AccountLayout } from '@client/features/account/account-layout';
import { requireSession } from '@client/features/auth/guards';

export const Route = createFileRoute('/_store/account')({
  // Personal pages, nobody's search result: the server checks the session (a visitor without
  // one is redirected before any HTML) and loads the data; the browser renders the page.
  ssr: 'data-only',
  head: noindexHead,
  beforeLoad: ({ context, location }) => requireSession(context, location.href),
  pendingComponent: FullPageSpinner,
  component: AccountLayout,
});
