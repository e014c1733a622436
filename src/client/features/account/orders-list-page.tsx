import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PackageOpen } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { GoToShopButton } from '@client/components/go-to-shop-button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrdersTable } from '@client/features/orders/orders-table';
import { cn } from '@client/lib/cn';
import { useTRPC } from '@client/lib/trpc';
import { countOf } from '@shared/account-messages';
import { messages } from '@shared/client-messages';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground';

/**
 * 'Pedidos': the customer's own ('Mis pedidos') or, in a company, every order of the company
 * with who requested it ('Todos los de la empresa').
 */
export function AccountOrdersPage({ page, view }: { page: number; view?: 'empresa' }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data: profile } = useQuery(trpc.account.profile.get.queryOptions());
  const isCompanyView = view === 'empresa';
  const own = useQuery({
    ...trpc.account.orders.list.queryOptions({ page }),
    enabled: !isCompanyView,
  });
  const company = useQuery({
    ...trpc.account.company.orders.queryOptions({ page }),
    enabled: isCompanyView,
  });
  const goTo = (target: number) =>
    void navigate({ to: '/account/pedidos', search: { page: target, vista: view } });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Pedidos</h1>
      {profile?.role && (
        <nav aria-label="Qué pedidos ver" className="bg-muted inline-flex gap-1 rounded-lg p-1">
          <Link
            to="/account/pedidos"
            search={{}}
            className={cn(tabClass, !isCompanyView && 'text-foreground bg-white shadow-sm')}
            aria-current={!isCompanyView ? 'page' : undefined}
          >
            Mis pedidos
          </Link>
          <Link
            to="/account/pedidos"
            search={{ vista: 'empresa' }}
            className={cn(tabClass, isCompanyView && 'text-foreground bg-white shadow-sm')}
            aria-current={isCompanyView ? 'page' : undefined}
          >
            Todos los de la empresa
          </Link>
        </nav>
      )}
      {isCompanyView ? (
        <QueryState query={company}>
          {({ items, total, pageCount }) => (
            <>
              <p className="text-muted-foreground text-sm">
                {profile?.companyName} · {countOf(total, 'pedido', 'pedidos')}
              </p>
              {total === 0 ? (
                <EmptyState icon={PackageOpen} title="La empresa todavía no tiene pedidos" />
              ) : (
                <OrdersTable
                  orders={items.map(({ requesterName, ...order }) => ({
                    ...order,
                    customerName: requesterName,
                  }))}
                  label="Pedidos de la empresa"
                  customerLabel="Solicitado por"
                  detailRoute="/account/pedidos/$id"
                  status={(order) => <OrderStatusBadge status={order.status} />}
                />
              )}
              {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPage={goTo} />}
            </>
          )}
        </QueryState>
      ) : (
        <QueryState query={own}>
          {({ items, total, pageCount }) => (
            <>
              <p className="text-muted-foreground text-sm">{countOf(total, 'pedido', 'pedidos')}</p>
              {total === 0 ? (
                <EmptyState
                  icon={PackageOpen}
                  title={messages.noOrdersYet}
                  description={messages.noOrdersYetHint}
                  action={<GoToShopButton />}
                />
              ) : (
                <OrdersTable
                  orders={items}
                  label="Pedidos"
                  detailRoute="/account/pedidos/$id"
                  status={(order) => <OrderStatusBadge status={order.status} />}
                />
              )}
              {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPage={goTo} />}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
