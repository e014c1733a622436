import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/dashboard/blog/nuevo')({
  component: () => <PagePlaceholder title="Crear Nuevo Post" />,
});
