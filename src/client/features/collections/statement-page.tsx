import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useTRPC } from '@client/lib/trpc';
import { formatDay } from '@shared/format';
import { OpenOrders, PaymentsList, StatementSummary } from './statement-view';

/**
 * 'Estado de cuenta' (/account/empresa/cuenta): the company's credit, open orders with their due
 * days and balances, and payments, for its administrators (a customer without a company reads
 * their own), with the same as a PDF (docs/decisions/084-payments-statement-and-receivables.md).
 */
export function StatementPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.account.collections.statement.queryOptions());
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Estado de cuenta</h1>
          {query.data && (
            <p className="text-muted-foreground mt-1 text-sm">
              {query.data.name}
              {query.data.rut ? ` · RUT ${query.data.rut}` : ''} · al {formatDay(query.data.today)}
            </p>
          )}
        </div>
        {query.data && (
          <Button variant="outline" asChild>
            <a href="/api/account/estado-de-cuenta.pdf" download>
              <Download aria-hidden="true" /> Descargar PDF
            </a>
          </Button>
        )}
      </div>
      <QueryState query={query}>
        {(statement) => (
          <>
            <Card>
              <CardContent className="pt-6">
                <StatementSummary statement={statement} withCredit />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Pedidos con saldo</CardTitle>
              </CardHeader>
              <CardContent>
                <OpenOrders
                  orders={statement.orders}
                  orderLink={(id) => (
                    <Link
                      to="/account/pedidos/$id"
                      params={{ id: String(id) }}
                      className="text-primary font-medium hover:underline"
                    >
                      Pedido #{id}
                    </Link>
                  )}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Pagos</CardTitle>
              </CardHeader>
              <CardContent>
                <PaymentsList payments={statement.payments} />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
