import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@client/components/page-header';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { useTRPC } from '@client/lib/trpc';
import { RECEIVABLES_PAGE_SIZE } from '@shared/collections';
import { formatDateTime, formatDay, formatMoney } from '@shared/format';
import { ExchangeRatePanel } from './exchange-rate-panel';

const linkClass = 'text-primary font-medium hover:underline';

type Payer = { companyId: number } | { customerId: number };

/** A payer's name, linked to their page, where 'Registrar pago' is. */
function PayerLink({ payer, children }: { payer: Payer; children: ReactNode }) {
  return 'companyId' in payer ? (
    <Link
      to="/dashboard/clientes/empresas/$id"
      params={{ id: String(payer.companyId) }}
      className={linkClass}
    >
      {children}
    </Link>
  ) : (
    <Link
      to="/dashboard/clientes/$id"
      params={{ id: String(payer.customerId) }}
      className={linkClass}
    >
      {children}
    </Link>
  );
}

/** The acceptances over their company's credit, waiting for staff to approve or decline. */
function CreditReviews() {
  const trpc = useTRPC();
  const { data: reviews } = useQuery(trpc.admin.collections.creditReviews.queryOptions());
  if (!reviews?.length) return null;
  return (
    <Card role="region" aria-labelledby="esperan-credito">
      <CardHeader>
        <CardTitle id="esperan-credito">Esperan aprobación de crédito ({reviews.length})</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-border divide-y text-sm">
          {reviews.map((review) => (
            <li key={review.orderId} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="min-w-0">
                <Link
                  to="/dashboard/ordenes/$id"
                  params={{ id: String(review.orderId) }}
                  className={linkClass}
                >
                  Pedido #{review.orderId}
                </Link>{' '}
                · {review.companyName ?? review.customerName}
                <span className="text-muted-foreground block text-xs">
                  Aceptado el {formatDateTime(review.requestedAt)} · disponible{' '}
                  {formatMoney(review.available)}
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatMoney(review.total)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * 'Cobranzas' (/dashboard/cobranzas): what every company and customer owes by how late it is,
 * most overdue first, with the totals, the CSV, the acceptances waiting for credit and the
 * day's dollar rate (docs/decisions/084-payments-statement-and-receivables.md).
 */
export function ReceivablesPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery({
    ...trpc.admin.collections.receivables.queryOptions({ page }),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Cobranzas"
        live
        description={
          query.data && `Saldos al ${formatDay(query.data.today)} · ${query.data.total} con saldo`
        }
        actions={
          <Button asChild variant="outline">
            <a href="/api/admin/receivables.csv" download>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_340px] xl:items-start">
        <div className="min-w-0 space-y-6">
          <QueryState query={query}>
            {(data) => (
              <>
                <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {data.columns.map((column, index) => (
                    <div key={column} className="border-border rounded-lg border bg-white p-3">
                      <dt className="text-muted-foreground text-xs">
                        {index === 0 ? column : `${column} días`}
                      </dt>
                      <dd className="font-semibold tabular-nums">
                        {formatMoney(data.totals.buckets[index]!)}
                      </dd>
                    </div>
                  ))}
                  <div className="border-border rounded-lg border bg-white p-3">
                    <dt className="text-muted-foreground text-xs">Total</dt>
                    <dd className="font-bold tabular-nums" data-testid="receivables-total">
                      {formatMoney(data.totals.total)}
                    </dd>
                  </div>
                </dl>
                {data.items.length === 0 ? (
                  <EmptyState title="Nadie debe nada" description="No hay pedidos con saldo." />
                ) : (
                  <>
                    <ul className="space-y-3 md:hidden" aria-label="Saldos por cliente">
                      {data.items.map((row) => (
                        <li
                          key={JSON.stringify(row.payer)}
                          className="border-border space-y-1 rounded-lg border bg-white p-4 text-sm"
                        >
                          <PayerLink payer={row.payer}>{row.name}</PayerLink>
                          {row.rut && (
                            <p className="text-muted-foreground text-xs">RUT {row.rut}</p>
                          )}
                          <p className="flex justify-between gap-2">
                            <span className="text-destructive">
                              Vencido {formatMoney(row.overdue)}
                            </span>
                            <span className="font-semibold tabular-nums">
                              {formatMoney(row.total)}
                            </span>
                          </p>
                        </li>
                      ))}
                    </ul>
                    <div className="border-border hidden rounded-lg border bg-white md:block">
                      <DataTable
                        aria-label="Saldos por cliente"
                        columns={[
                          'Cliente',
                          ...data.columns.map((column) => ({
                            title: column,
                            align: 'right' as const,
                          })),
                          { title: 'Total', align: 'right' },
                        ]}
                      >
                        {data.items.map((row) => (
                          <TableRow key={JSON.stringify(row.payer)}>
                            <TableCell>
                              <PayerLink payer={row.payer}>{row.name}</PayerLink>
                              {row.rut && (
                                <p className="text-muted-foreground text-xs">RUT {row.rut}</p>
                              )}
                            </TableCell>
                            {row.buckets.map((amount, index) => (
                              <TableCell
                                key={data.columns[index]}
                                className={`text-right whitespace-nowrap tabular-nums ${index > 0 && Number(amount) > 0 ? 'text-destructive' : ''}`}
                              >
                                {Number(amount) > 0 ? formatMoney(amount) : '—'}
                              </TableCell>
                            ))}
                            <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                              {formatMoney(row.total)}
                            </TableCell>
                          </TableRow>
                        ))}
                      </DataTable>
                    </div>
                    <Pagination
                      page={page}
                      pageCount={Math.ceil(data.total / RECEIVABLES_PAGE_SIZE)}
                      onPage={(next) =>
                        void navigate({
                          to: '/dashboard/cobranzas',
                          search: { page: next > 1 ? next : undefined },
                        })
                      }
                    />
                  </>
                )}
              </>
            )}
          </QueryState>
        </div>
        <div className="min-w-0 space-y-6">
          <CreditReviews />
          <ExchangeRatePanel />
        </div>
      </div>
    </div>
  );
}
