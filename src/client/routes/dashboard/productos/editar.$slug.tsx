import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/dashboard/productos/editar/$slug')({
  component: () => <PagePlaceholder title="Editar Producto" />,
});
