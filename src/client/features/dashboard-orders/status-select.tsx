import { NativeSelect } from '@client/components/ui/native-select';
import { ORDER_STATUSES, type OrderStatus, orderStatusLabel } from '@shared/order-status';
import { useSetOrderStatus } from './use-set-order-status';

const isSettable = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Any status at any time (docs/decisions/018-order-status-history.md); a legacy value shows
 * its label until replaced.
 */
export function OrderStatusSelect({
  orderId,
  status,
  id,
  className,
}: {
  orderId: number;
  status: string;
  /** With an id a visible <label> names the select; without, it names itself. */
  id?: string;
  className?: string;
}) {
  const setStatus = useSetOrderStatus();
  return (
    <NativeSelect
      id={id}
      aria-label={id ? undefined : `Estado de la orden #${orderId}`}
      className={className}
      value={status}
      disabled={setStatus.isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const next = event.target.value;
        if (isSettable(next)) setStatus.mutate({ id: orderId, status: next });
      }}
    >
      {!isSettable(status) && (
        <option value={status} disabled>
          {orderStatusLabel(status)}
        </option>
      )}
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>
          {orderStatusLabel(value)}
        </option>
      ))}
    </NativeSelect>
  );
}
