import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PackageOpen } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Spinner } from '@client/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@client/components/ui/table';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { formatDate, formatMoney } from '@shared/format';
import { OrderStatusBadge } from './order-status-badge';

export function AccountOrdersPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery(trpc.account.orders.list.queryOptions({ page }));
  const goTo = (target: number) =>
    void navigate({ to: '/account/pedidos', search: { page: target } });

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (query.isError) {
    return <p className="text-destructive py-8">{errorMessage(query.error)}</p>;
  }
  const { items, total, pageSize } = query.data;
  const pageCount = Math.ceil(total / pageSize);

  return (
    <div className="space-y-6">
      <div className="flex items-baseline gap-3">
        <h1 className="text-2xl font-bold">Pedidos</h1>
        <span className="text-muted-foreground text-sm">({total})</span>
      </div>
      {total === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="Todavía no realizaste ningún pedido"
          description="Cuando solicites una cotización, la verás aquí con su estado."
          action={
            <Button asChild>
              <Link to="/tienda">Ir a la tienda</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="space-y-3 sm:hidden" aria-label="Pedidos">
            {items.map((order) => (
              <li key={order.id}>
                <Link
                  to="/account/pedidos/$id"
                  params={{ id: String(order.id) }}
                  className="border-border focus-visible:ring-ring flex items-center justify-between gap-3 rounded-lg border bg-white p-4 focus-visible:ring-2 focus-visible:outline-none"
                >
                  <div>
                    <p className="text-primary font-medium">#{order.id}</p>
                    <p className="text-muted-foreground text-xs">{formatDate(order.createdAt)}</p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <OrderStatusBadge status={order.status} />
                    <p className="text-sm font-medium">{formatMoney(order.totalAmount)}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <div className="border-border hidden rounded-lg border bg-white sm:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>ID</TableHead>
                  <TableHead>Fecha</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((order) => (
                  <TableRow
                    key={order.id}
                    className="cursor-pointer"
                    onClick={() =>
                      void navigate({
                        to: '/account/pedidos/$id',
                        params: { id: String(order.id) },
                      })
                    }
                  >
                    <TableCell className="font-medium">
                      <Link
                        to="/account/pedidos/$id"
                        params={{ id: String(order.id) }}
                        className="text-primary hover:underline"
                        onClick={(event) => event.stopPropagation()}
                      >
                        #{order.id}
                      </Link>
                    </TableCell>
                    <TableCell>{formatDate(order.createdAt)}</TableCell>
                    <TableCell>
                      <OrderStatusBadge status={order.status} />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {formatMoney(order.totalAmount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      {pageCount > 1 && (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPrevious={() => goTo(page - 1)}
          onNext={() => goTo(page + 1)}
        />
      )}
    </div>
  );
}
