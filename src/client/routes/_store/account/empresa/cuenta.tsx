import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '@client/features/collections/statement-page';

export const Route = createFileRoute('/_store/account/empresa/cuenta')({
  component: StatementPage,
});
