import { createFileRoute } from '@tanstack/react-router';
import { orderIdParam } from '@client/features/account/account-orders';
import { prefetchThankYouOrder } from '@client/features/checkout/thank-you';
import { ThankYouPage } from '@client/features/checkout/thank-you-page';

export const Route = createFileRoute('/checkout/$orderId/thank-you')({
  loader: ({ context, params }) => prefetchThankYouOrder(context, orderIdParam(params.orderId)),
  component: function ThankYouRoute() {
    const { orderId } = Route.useParams();
    return <ThankYouPage orderId={orderIdParam(orderId)} />;
  },
});
