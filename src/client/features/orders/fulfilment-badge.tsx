import { Badge, type BadgeProps } from '@client/components/ui/badge';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  'Por despachar': 'secondary',
  'Despachado parcialmente': 'soft-warning',
  Despachado: 'soft-success',
  Entregado: 'success',
};

/**
 * An accepted order's goods ('Despachado parcialmente'), apart from its status: on its page and
 * in both lists (docs/decisions/080-three-axes-of-an-order.md).
 */
export function FulfilmentBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{status}</Badge>;
}
