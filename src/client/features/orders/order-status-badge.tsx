import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { customerStatusLabel } from '@shared/order-status';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  Cotización: 'secondary',
  Concretado: 'success',
  Modificado: 'warning',
  'Aprobación de crédito': 'warning',
  Cancelado: 'destructive',
  Vencida: 'destructive',
};

/** A status as the customer reads it ('Modificado' is 'Cotización lista para revisar'). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    // A long label ('Cotización lista para revisar') wraps instead of overflowing a phone's card.
    <Badge variant={VARIANTS[status] ?? 'outline'} className="max-w-full whitespace-normal">
      {customerStatusLabel(status)}
    </Badge>
  );
}
