import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { customerStatusLabel } from '@shared/order-status';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  Cotización: 'secondary',
  Concretado: 'success',
  Modificado: 'warning',
  Cancelado: 'destructive',
  Vencida: 'destructive',
};

/** A status as the customer reads it ('Modificado' is 'Cotización lista para revisar'). */
export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{customerStatusLabel(status)}</Badge>;
}
