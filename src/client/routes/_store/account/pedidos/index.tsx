import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/_store/account/pedidos/')({
  component: () => <PagePlaceholder title="Pedidos" />,
});
