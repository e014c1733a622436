import { createFileRoute } from '@tanstack/react-router';
import { CheckoutLayout } from '@client/components/layout/checkout-layout';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { noindexHead } from '@client/lib/seo';
import { requireSession } from '@client/features/auth/guards';

// Outside the store layout (docs/product.md#checkout), and only for signed-in customers.
export const Route = createFileRoute('/checkout')({
  // Personal pages, nobody's search result: the server checks the session (a visitor without
  // one is redirected before any HTML) and loads the data; the browser renders the page.
  ssr: 'data-only',
  head: noindexHead,
  beforeLoad: ({ context, location }) => requireSession(context, location.href),
  pendingComponent: FullPageSpinner,
  component: CheckoutLayout,
});
