import { useState } from 'react';
import { NativeSelect } from '@client/components/ui/native-select';
import { readRefusal } from '@client/lib/refusals';
import {
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
  releasesStock,
} from '@shared/order-status';
import { StatusReasonDialog } from './status-reason-dialog';
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
  // A change that releases stock waits here for its confirmation and reason.
  const [pending, setPending] = useState<OrderStatus | null>(null);
  return (
    <>
      <NativeSelect
        id={id}
        aria-label={id ? undefined : `Estado de la orden #${orderId}`}
        className={className}
        value={status}
        disabled={setStatus.isPending}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const next = event.target.value;
          if (!isSettable(next)) return;
          if (releasesStock(status, next)) {
            setStatus.reset();
            setPending(next);
          } else setStatus.mutate({ id: orderId, status: next });
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
      <StatusReasonDialog
        key={pending ?? 'closed'}
        orderId={orderId}
        status={pending}
        isPending={setStatus.isPending}
        serverError={
          setStatus.error ? readRefusal(setStatus.error).fieldErrors.reason?.[0] : undefined
        }
        onCancel={() => setPending(null)}
        onConfirm={(reason) =>
          pending &&
          setStatus.mutate(
            { id: orderId, status: pending, reason },
            { onSuccess: () => setPending(null) },
          )
        }
      />
    </>
  );
}
