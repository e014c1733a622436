import { createFileRoute } from '@tanstack/react-router';
import { StoreLayout } from '@client/components/layout/store-layout';

export const Route = createFileRoute('/_store')({ component: StoreLayout });
