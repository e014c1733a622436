import { createFileRoute } from '@tanstack/react-router';
import { CheckoutLayout } from '@client/components/layout/checkout-layout';
import { personalPage, requireSession } from '@client/features/auth/guards';

// Outside the store layout (docs/product.md#checkout), and only for signed-in customers.
export const Route = createFileRoute('/checkout')({
  ...personalPage(requireSession),
  component: CheckoutLayout,
});
