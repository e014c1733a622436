import { createFileRoute } from '@tanstack/react-router';
import { CheckoutLayout } from '@client/components/layout/checkout-layout';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { requireSession } from '@client/features/auth/guards';

// Outside the store layout (docs/product.md#checkout), and only for signed-in customers.
export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context, location }) => requireSession(context, location.href),
  pendingComponent: FullPageSpinner,
  component: CheckoutLayout,
});
