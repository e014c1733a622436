import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '@client/components/layout/page-placeholder';

export const Route = createFileRoute('/_store/blog/$slug')({
  component: () => <PagePlaceholder title="Blog" />,
});
