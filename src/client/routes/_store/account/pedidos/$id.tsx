import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/_store/account/pedidos/$id')({
  component: () => <PagePlaceholder title="Pedido" />,
});
