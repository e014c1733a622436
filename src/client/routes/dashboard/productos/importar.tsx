import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '@client/features/dashboard-products/import-page';

export const Route = createFileRoute('/dashboard/productos/importar')({
  component: ImportPage,
});
