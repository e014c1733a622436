import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { formatDate } from '@shared/format';
import { PriceWithTax } from '@client/components/ui/price';

type OrderRow = {
  id: number;
  createdAt: Date;
  status: string;
  totalAmount: string;
  customerName?: string;
  customerEmail?: string;
  companyName?: string | null;
};

type OrdersTableProps<T extends OrderRow> = {
  orders: T[];
  /** The order page a row opens: the customer's or the dashboard's. */
  detailRoute: '/account/pedidos/$id' | '/dashboard/ordenes/$id';
  /** The status cell: the status's badge, with the fulfilment's where the list shows it. */
  status: (order: T) => ReactNode;
  label: string;
  /** The heading of the person column: 'Cliente', or 'Solicitado por' for a company's orders. */
  customerLabel?: string;
};

/** Orders as cards on phones and as a table with clickable rows on wider screens. */
export function OrdersTable<T extends OrderRow>({
  orders,
  detailRoute,
  status,
  label,
  customerLabel = 'Cliente',
}: OrdersTableProps<T>) {
  const navigate = useNavigate();
  const hasCustomer = orders.some((order) => order.customerName !== undefined);
  const orderLink = (order: T, text: ReactNode) => (
    <Link
      to={detailRoute}
      params={{ id: String(order.id) }}
      className="text-primary font-medium hover:underline"
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </Link>
  );

  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={label}>
        {orders.map((order) => (
          <li key={order.id} className="border-border space-y-3 rounded-lg border bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                {orderLink(
                  order,
                  hasCustomer ? `#${order.id} · ${order.customerName}` : `#${order.id}`,
                )}
                {order.customerEmail && (
                  <p className="text-muted-foreground truncate text-xs">{order.customerEmail}</p>
                )}
                {order.companyName && <p className="truncate text-xs">{order.companyName}</p>}
              </div>
              <p className="text-sm font-medium whitespace-nowrap">
                <PriceWithTax amount={order.totalAmount} />
              </p>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <span className="text-muted-foreground text-xs">{formatDate(order.createdAt)}</span>
              {status(order)}
            </div>
          </li>
        ))}
      </ul>
      <div className="border-border hidden rounded-lg border bg-white md:block">
        <DataTable
          columns={[
            'ID',
            hasCustomer && customerLabel,
            'Fecha',
            'Estado',
            { title: 'Total', align: 'right' },
          ]}
        >
          {orders.map((order) => (
            <TableRow
              key={order.id}
              className="cursor-pointer"
              onClick={() => void navigate({ to: detailRoute, params: { id: String(order.id) } })}
            >
              <TableCell>{orderLink(order, `#${order.id}`)}</TableCell>
              {hasCustomer && (
                <TableCell>
                  <p className="font-medium">{order.customerName}</p>
                  <p className="text-muted-foreground text-xs">{order.customerEmail}</p>
                  {order.companyName && <p className="text-xs">{order.companyName}</p>}
                </TableCell>
              )}
              <TableCell className="whitespace-nowrap">{formatDate(order.createdAt)}</TableCell>
              <TableCell>{status(order)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <PriceWithTax amount={order.totalAmount} />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>
    </>
  );
}
