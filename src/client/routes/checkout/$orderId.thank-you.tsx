import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/checkout/$orderId/thank-you')({
  component: () => <PagePlaceholder title="¡Gracias!" />,
});
