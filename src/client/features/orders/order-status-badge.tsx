import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { orderStatusLabel } from '@shared/order-status';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  Cotización: 'secondary',
  Concretado: 'success',
  Modificado: 'warning',
  Cancelado: 'destructive',
  Vencida: 'destructive',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{orderStatusLabel(status)}</Badge>;
}
