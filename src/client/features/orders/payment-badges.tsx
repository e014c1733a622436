import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { CHEQUE_PENDING_LABEL } from '@shared/collections';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  'Pendiente de pago': 'secondary',
  'Pago parcial': 'soft-warning',
  Pagado: 'soft-success',
  Vencido: 'destructive',
};

/** An order's payment status, with 'Cheque a cobrar' beside it while a cheque waits. */
export function PaymentStatusBadges({ status, toCollect }: { status: string; toCollect?: string }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={VARIANTS[status] ?? 'outline'}>{status}</Badge>
      {toCollect && Number(toCollect) > 0 ? (
        <Badge variant="outline">{CHEQUE_PENDING_LABEL}</Badge>
      ) : null}
    </span>
  );
}
