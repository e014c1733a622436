import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@client/components/ui/empty-state';
import { messages } from '@shared/client-messages';

/**
 * An order the server does not find for this reader: one that does not exist and another
 * customer's read the same (the server answers NOT_FOUND for both), and neither is an error.
 */
export function OrderNotFound({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      icon={PackageSearch}
      title={messages.orderNotFoundPublic}
      description="Revisá el número o buscalo en la lista de pedidos."
      action={action}
    />
  );
}
