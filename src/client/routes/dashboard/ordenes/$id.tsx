import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/dashboard/ordenes/$id')({
  component: () => <PagePlaceholder title="Orden" />,
});
