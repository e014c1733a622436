import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '@shared/schemas/search-params';
import { prefetchThankYouOrder } from '@client/features/checkout/thank-you';
import { ThankYouPage } from '@client/features/checkout/thank-you-page';

export const Route = createFileRoute('/checkout/$orderId/thank-you')({
  loader: ({ context, params }) => prefetchThankYouOrder(context, idParam(params.orderId)),
  component: function ThankYouRoute() {
    const { orderId } = Route.useParams();
    return <ThankYouPage orderId={idParam(orderId)} />;
  },
});
