import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PackageOpen } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { GoToShopButton } from '@client/components/go-to-shop-button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { FulfilmentBadge } from '@client/features/orders/fulfilment-badge';
import { OrdersTable } from '@client/features/orders/orders-table';
import { cn } from '@client/lib/cn';
import { useTRPC } from '@client/lib/trpc';
import { countOf } from '@shared/account-messages';
import { messages } from '@shared/client-messages';
import { AWAITING_RECEIPT_FILTER } from '@shared/order-filters';
import type { AccountOrdersViewSearch } from '@shared/schemas/account-search-params';
import { accountOrdersInput } from './account-orders';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground';

/** A link of a two-way choice drawn as tabs; `current` says how a reader hears the chosen one. */
function Tab(props: {
  search: AccountOrdersViewSearch;
  isChosen: boolean;
  current: 'page' | 'true';
  children: ReactNode;
}) {
  return (
    <Link
      to="/account/pedidos"
      search={props.search}
      className={cn(tabClass, props.isChosen && 'text-foreground bg-white shadow-sm')}
      aria-current={props.isChosen ? props.current : undefined}
    >
      {props.children}
    </Link>
  );
}

/** The deal's status and, once accepted, where its goods are ('Despachado parcialmente'). */
const statusOf = (order: { status: string; fulfilmentStatus: string | null }) => (
  <span className="inline-flex flex-wrap gap-1">
    <OrderStatusBadge status={order.status} />
    {order.fulfilmentStatus && <FulfilmentBadge status={order.fulfilmentStatus} />}
  </span>
);

/**
 * 'Pedidos': the customer's own ('Mis pedidos') or, in a company, every order of the company
 * with who requested it ('Todos los de la empresa'); either every order or only those 'Por
 * recibir' (accepted, with goods the buyer still waits for).
 */
export function AccountOrdersPage({ search }: { search: AccountOrdersViewSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data: profile } = useQuery(trpc.account.profile.get.queryOptions());
  const { vista, filtro } = search;
  const page = search.page ?? 1;
  const isCompanyView = vista === 'empresa';
  const isAwaiting = filtro === AWAITING_RECEIPT_FILTER;
  const own = useQuery({
    ...trpc.account.orders.list.queryOptions(accountOrdersInput(search)),
    enabled: !isCompanyView,
  });
  const company = useQuery({
    ...trpc.account.company.orders.queryOptions(accountOrdersInput(search)),
    enabled: isCompanyView,
  });
  const goTo = (target: number) =>
    void navigate({ to: '/account/pedidos', search: { vista, filtro, page: target } });
  const countText = (total: number) =>
    `${countOf(total, 'pedido', 'pedidos')}${isAwaiting ? ' por recibir' : ''}`;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Pedidos</h1>
      <div className="flex flex-wrap gap-3">
        {profile?.role && (
          <nav aria-label="Qué pedidos ver" className="bg-muted inline-flex gap-1 rounded-lg p-1">
            <Tab search={{ filtro }} isChosen={!isCompanyView} current="page">
              Mis pedidos
            </Tab>
            <Tab search={{ vista: 'empresa', filtro }} isChosen={isCompanyView} current="page">
              Todos los de la empresa
            </Tab>
          </nav>
        )}
        <nav aria-label="Filtrar pedidos" className="bg-muted inline-flex gap-1 rounded-lg p-1">
          <Tab search={{ vista }} isChosen={!isAwaiting} current="true">
            Todos
          </Tab>
          <Tab
            search={{ vista, filtro: AWAITING_RECEIPT_FILTER }}
            isChosen={isAwaiting}
            current="true"
          >
            Por recibir
          </Tab>
        </nav>
      </div>
      {isCompanyView ? (
        <QueryState query={company}>
          {({ items, total, pageCount }) => (
            <>
              <p className="text-muted-foreground text-sm">
                {profile?.companyName} · {countText(total)}
              </p>
              {total === 0 ? (
                <EmptyState
                  icon={PackageOpen}
                  title={
                    isAwaiting
                      ? 'La empresa no tiene pedidos por recibir'
                      : 'La empresa todavía no tiene pedidos'
                  }
                />
              ) : (
                <OrdersTable
                  orders={items.map(({ requesterName, ...order }) => ({
                    ...order,
                    customerName: requesterName,
                  }))}
                  label="Pedidos de la empresa"
                  customerLabel="Solicitado por"
                  detailRoute="/account/pedidos/$id"
                  status={statusOf}
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
              <p className="text-muted-foreground text-sm">{countText(total)}</p>
              {total === 0 && isAwaiting ? (
                <EmptyState
                  icon={PackageOpen}
                  title="No tenés pedidos por recibir"
                  description="Acá ves los pedidos concretados con mercadería que todavía no te llegó."
                />
              ) : total === 0 ? (
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
                  status={statusOf}
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
