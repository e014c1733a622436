import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';
import { statusReasonOf } from '@shared/order-status-reason';

type NoticeOrder = Parameters<typeof statusReasonOf>[0];

/**
 * Why the store stopped the order by itself ('Venció el 22/11/2026', or the hold job's
 * cancellation), with what the reader can do about it; nothing for any other order.
 */
export function OrderStatusNotice({
  order,
  children,
}: {
  order: NoticeOrder;
  /** The action under the reason: 'Pedir renovación', or what staff see of the request. */
  children?: ReactNode;
}) {
  const reason = statusReasonOf(order);
  if (!reason) return null;
  return (
    <Card role="status" data-testid="order-status-notice">
      <div className="flex flex-wrap items-start gap-3 p-4 sm:p-6">
        <CircleAlert className="text-destructive mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="font-medium">{reason}</p>
          {children}
        </div>
      </div>
    </Card>
  );
}
