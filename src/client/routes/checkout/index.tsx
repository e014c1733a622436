import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@client/features/checkout/checkout-page';

export const Route = createFileRoute('/checkout/')({
  component: CheckoutPage,
});
