import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { notify } from '@client/lib/notify';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrdersTable } from '@client/features/orders/orders-table';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { formatDate, formatMoney } from '@shared/format';
import { COMPANY_ROLE_LABELS } from '@shared/schemas/company-members';
import { StaffNote } from './staff-note';

const NOTE_FIELDS = ['note'];
export function BackToCustomers() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/dashboard/clientes">
        <ArrowLeft /> Volver a Clientes
      </Link>
    </Button>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * One customer for the staff: their data, company, latest orders and the note; `account` (the
 * route passes their payments, a feature of its own) shows for a customer without a company,
 * who pays on their own.
 */
export function StaffCustomerPage({ id, account }: { id: number; account?: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.customers.get.queryOptions({ id }));
  const noteRefusal = useRefusalState(NOTE_FIELDS);
  const save = useMutation(
    trpc.admin.customers.setNote.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.noteSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.customers.pathKey() });
      },
      onError: noteRefusal.show,
    }),
  );
  return (
    <div className="space-y-6">
      <BackToCustomers />
      <QueryState query={query}>
        {(customer) => (
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_360px] xl:items-start">
            <div className="min-w-0 space-y-6">
              <Card>
                <CardHeader>
                  <CardTitle size="xl" className="flex flex-wrap items-center gap-2">
                    {customer.fullName}
                    {customer.isDeleted ? (
                      <Badge variant="outline">Cuenta eliminada</Badge>
                    ) : (
                      <Badge variant={customer.emailVerified ? 'soft-success' : 'soft-warning'}>
                        {customer.emailVerified ? 'Correo confirmado' : 'Correo sin confirmar'}
                      </Badge>
                    )}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid gap-4 text-sm sm:grid-cols-2">
                    <Fact label="Correo">{customer.email || '—'}</Fact>
                    <Fact label="Celular">{customer.phone ?? '—'}</Fact>
                    <Fact label="Cliente desde">{formatDate(customer.createdAt)}</Fact>
                    <Fact label="Empresa">
                      {customer.companyId ? (
                        <Link
                          to="/dashboard/clientes/empresas/$id"
                          params={{ id: String(customer.companyId) }}
                          className="text-primary hover:underline"
                        >
                          {customer.companyName} (RUT {customer.rut})
                        </Link>
                      ) : (
                        'Sin empresa'
                      )}
                      {customer.role && (
                        <span className="text-muted-foreground block font-normal">
                          {COMPANY_ROLE_LABELS[customer.role]}
                          {customer.role === 'member' && customer.spendingLimit
                            ? ` · límite ${formatMoney(customer.spendingLimit)}`
                            : ''}
                        </span>
                      )}
                    </Fact>
                  </dl>
                </CardContent>
              </Card>
              {!customer.companyId && !customer.isDeleted && account}
              <RecentOrders
                total={customer.orders.total}
                orders={customer.orders.items}
                search={customer.email}
              />
            </div>
            <StaffNote
              id={`nota-cliente-${customer.id}`}
              note={customer.staffNote}
              isSaving={save.isPending}
              error={noteRefusal.errors.note}
              onSave={(note) => save.mutate({ id: customer.id, note })}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}

type RecentOrder = {
  id: number;
  createdAt: Date;
  status: string;
  totalAmount: string;
  customerName?: string;
};

/** The latest orders, and where the rest are. */
export function RecentOrders({
  total,
  orders,
  search,
  customerLabel,
}: {
  total: number;
  orders: RecentOrder[];
  search?: string;
  customerLabel?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pedidos ({total})</CardTitle>
        {total > orders.length && search && (
          <Link
            to="/dashboard/ordenes"
            search={{ q: search }}
            className="text-primary text-sm hover:underline"
          >
            Ver todos en Órdenes
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-muted-foreground text-sm">Todavía no pidió cotizaciones.</p>
        ) : (
          <OrdersTable
            orders={orders}
            label="Pedidos"
            customerLabel={customerLabel}
            detailRoute="/dashboard/ordenes/$id"
            status={(order) => <OrderStatusBadge status={order.status} />}
          />
        )}
      </CardContent>
    </Card>
  );
}
