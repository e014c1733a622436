import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@client/features/checkout/checkout-page';

export const Route = createFileRoute('/checkout/')({
  // The customer's saved razón social and RUT fill the form in (an admin has none: no throw).
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.trpc.account.profile.get.queryOptions()),
  component: CheckoutPage,
});
