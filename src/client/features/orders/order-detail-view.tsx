import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { isNotFoundError } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { messages } from '@shared/client-messages';
import { OrderCustomer } from './order-customer';
import { OrderItemsTable, OriginalRequest } from './order-items-table';
import { OrderNotFound } from './order-not-found';
import type { OrderDetail } from './order-types';

type OrderDetailViewProps<T extends OrderDetail> = {
  query: UseQueryResult<T, unknown>;
  back: { to: '/account/pedidos' | '/dashboard/ordenes'; label: string };
  /** Beside the title: the status badge, or the admin's status select. */
  status: (order: T) => ReactNode;
  /** A titled card next to the order on wide screens (the history). */
  aside?: { title: string; content: (order: T) => ReactNode };
  /** Right under the title: what the reader should do now (the customer's current quote). */
  top?: (order: T) => ReactNode;
  /** Below the order: the quote, the editor, the messages. */
  below?: (order: T) => ReactNode;
  /** Under the customer's details (the admin's control of the customer's cap). */
  customerExtra?: (order: T) => ReactNode;
};

/** The number of the revision that now prices the order, on screens that receive revisions. */
const currentRevision = (order: OrderDetail) =>
  'revisions' in order && Array.isArray(order.revisions)
    ? (order.revisions[0] as { number: number } | undefined)?.number
    : undefined;

/** The request's lines, folded away once a revision prices the order. */
function OrderLines({ order }: { order: OrderDetail }) {
  const revision = currentRevision(order);
  return revision ? (
    <OriginalRequest items={order.items} quoteNumber={`${order.id}-${revision}`} />
  ) : (
    <OrderItemsTable items={order.items} total={order.totalAmount} />
  );
}

/** One order: number, date, status, its lines and totals, the customer and the address. */
export function OrderDetailView<T extends OrderDetail>({
  query,
  back,
  status,
  aside,
  top,
  below,
  customerExtra,
}: OrderDetailViewProps<T>) {
  return (
    <div className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to={back.to}>
          <ArrowLeft /> {back.label}
        </Link>
      </Button>
      <QueryState
        query={query}
        error={isNotFoundError(query.error) ? <OrderNotFound /> : messages.orderLoadFailed}
      >
        {(order) => (
          <div
            className={cn(
              'grid grid-cols-[minmax(0,1fr)] gap-6',
              aside && 'xl:grid-cols-[minmax(0,1fr)_320px] xl:items-start',
            )}
          >
            <div className="min-w-0 space-y-6">
              <Card>
                <div className="space-y-8 p-4 sm:p-6">
                  <div className="flex flex-wrap items-end justify-between gap-4">
                    <div>
                      <h1 className="text-2xl font-bold">Pedido #{order.id}</h1>
                      <p className="text-muted-foreground text-sm">{formatDate(order.createdAt)}</p>
                    </div>
                    {status(order)}
                  </div>
                  {top?.(order)}
                  <OrderLines order={order} />
                  <OrderCustomer order={order} extra={customerExtra?.(order)} />
                </div>
              </Card>
              {below?.(order)}
            </div>
            {aside && (
              <Card>
                <CardHeader>
                  <CardTitle>{aside.title}</CardTitle>
                </CardHeader>
                <CardContent>{aside.content(order)}</CardContent>
              </Card>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
