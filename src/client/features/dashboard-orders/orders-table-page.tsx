import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
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
import { ORDER_STATUSES, orderStatusLabel } from '@shared/order-status';
import { orderStatusSchema } from '@shared/schemas/order';
import type { AdminOrdersSearch } from '@shared/schemas/search-params';
import { OrderStatusSelect } from './status-select';

export function AdminOrdersPage({ search: searchParams }: { search: AdminOrdersSearch }) {
  const search = { ...searchParams, page: searchParams.page ?? 1 };
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery({
    ...trpc.admin.orders.list.queryOptions(search),
    placeholderData: (previous) => previous,
  });
  const setSearch = (next: AdminOrdersSearch) =>
    void navigate({ to: '/dashboard/ordenes', search: next });
  const openOrder = (id: number) =>
    void navigate({ to: '/dashboard/ordenes/$id', params: { id: String(id) } });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Ordenes</h1>
          {query.data && (
            <p className="text-muted-foreground text-sm">
              {query.data.total} {query.data.total === 1 ? 'orden' : 'órdenes'}
            </p>
          )}
        </div>
        <div className="flex w-full flex-col gap-1.5 sm:w-56">
          <Label htmlFor="filtro-estado">Filtrar por estado</Label>
          <NativeSelect
            id="filtro-estado"
            value={search.status ?? ''}
            onChange={(event) => {
              const status = orderStatusSchema.safeParse(event.target.value);
              setSearch({ page: 1, status: status.success ? status.data : undefined });
            }}
          >
            <option value="">Todos los estados</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : query.isError ? (
        <p className="text-destructive">{errorMessage(query.error)}</p>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No hay órdenes"
          description={
            search.status
              ? 'Ninguna orden tiene este estado.'
              : 'Las cotizaciones de los clientes aparecerán aquí.'
          }
        />
      ) : (
        <>
          <ul className="space-y-3 md:hidden" aria-label="Ordenes">
            {query.data.items.map((order) => (
              <li key={order.id} className="border-border space-y-3 rounded-lg border bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link
                      to="/dashboard/ordenes/$id"
                      params={{ id: String(order.id) }}
                      className="text-primary font-medium hover:underline"
                    >
                      #{order.id} · {order.customerName}
                    </Link>
                    <p className="text-muted-foreground truncate text-xs">{order.customerEmail}</p>
                  </div>
                  <p className="text-sm font-medium whitespace-nowrap">
                    {formatMoney(order.totalAmount)}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-3">
                  <span className="text-muted-foreground text-xs">
                    {formatDate(order.createdAt)}
                  </span>
                  <OrderStatusSelect orderId={order.id} status={order.status} className="w-40" />
                </div>
              </li>
            ))}
          </ul>
          <div className="border-border hidden rounded-lg border bg-white md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>ID</TableHead>
                  <TableHead>Cliente</TableHead>
                  <TableHead>Fecha</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.items.map((order) => (
                  <TableRow
                    key={order.id}
                    className="cursor-pointer"
                    onClick={() => openOrder(order.id)}
                  >
                    <TableCell className="font-medium">
                      <Link
                        to="/dashboard/ordenes/$id"
                        params={{ id: String(order.id) }}
                        className="text-primary hover:underline"
                        onClick={(event) => event.stopPropagation()}
                      >
                        #{order.id}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <p className="font-medium">{order.customerName}</p>
                      <p className="text-muted-foreground text-xs">{order.customerEmail}</p>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(order.createdAt)}
                    </TableCell>
                    <TableCell>
                      <OrderStatusSelect
                        orderId={order.id}
                        status={order.status}
                        className="w-40"
                      />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {formatMoney(order.totalAmount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            page={search.page}
            pageCount={Math.ceil(query.data.total / query.data.pageSize)}
            onPrevious={() => setSearch({ ...search, page: search.page - 1 })}
            onNext={() => setSearch({ ...search, page: search.page + 1 })}
          />
        </>
      )}
    </div>
  );
}
