import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { PageHeader } from '@client/components/page-header';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { FormField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Spinner } from '@client/components/ui/spinner';
import { useTRPC } from '@client/lib/trpc';
import { DASHBOARD_RANGE_LABELS, DASHBOARD_RANGES, LOW_STOCK_MAX } from '@shared/dashboard-ranges';
import { INVOICE_PENDING_LABEL } from '@shared/cfe';
import { formatCount, formatDay, formatMoney } from '@shared/format';
import { DISPATCH_FILTER_PENDING } from '@shared/order-filters';
import type { DashboardHomeSearch } from '@shared/schemas/search-params';
import { dashboardHomeInput } from './home-input';
import { formatCapped, formatPercent, formatUpdatedAgo, formatWait } from './period-format';
import { Panel, PanelRow, StatCard } from './panels';

const DashboardCharts = lazy(() => import('./charts'));

type DashboardHome = inferRouterOutputs<AppRouter>['admin']['dashboard']['get'];

export function DashboardHomePage({ search }: { search: DashboardHomeSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = dashboardHomeInput(search);
  const query = useQuery({
    ...trpc.admin.dashboard.get.queryOptions(input),
    placeholderData: (previous) => previous,
  });
  const setSearch = (next: DashboardHomeSearch) =>
    void navigate({ to: '/dashboard', search: { ...search, ...next } });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Resumen"
        actions={
          <FormField label="Período" htmlFor="periodo" className="w-full sm:w-56">
            <NativeSelect
              id="periodo"
              value={input.range}
              onChange={(event) =>
                setSearch({ range: DASHBOARD_RANGES.find((range) => range === event.target.value) })
              }
            >
              {DASHBOARD_RANGES.map((range) => (
                <option key={range} value={range}>
                  {DASHBOARD_RANGE_LABELS[range]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        }
      />

      <QueryState query={query}>
        {(data) => (
          <>
            {/* Columns wide enough for 'US$ 1.234.567,89' on one line: one on a phone, three
                beside the dashboard's menu (six left 150 px, and a big amount was cut). */}
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <StatCard label="Cotizaciones solicitadas" value={String(data.requested)} />
              <StatCard label="Concretadas" value={String(data.concluded)} />
              <StatCard
                label="Tasa de conversión"
                value={data.conversion === null ? '—' : formatPercent(data.conversion)}
              />
              <StatCard label="Valor concretado" value={formatMoney(data.valueConcluded)} />
              <StatCard
                label="Primera respuesta (mediana)"
                value={
                  data.medianAnswerSeconds === null ? '—' : formatWait(data.medianAnswerSeconds)
                }
                hint={`${data.answeredCount} respondidas · ${updatedAgo(data, query.dataUpdatedAt)}`}
              />
              {/* Every wait, not only the request's (docs/decisions/092-one-desk-for-quotes.md). */}
              <StatCard
                label="Respuesta al cliente (mediana)"
                value={
                  data.firstResponse.seconds === null ? '—' : formatWait(data.firstResponse.seconds)
                }
                hint={`${data.firstResponse.answered} esperas respondidas`}
              />
            </div>

            <AfterSaleFigures />

            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner size="lg" />
                </div>
              }
            >
              <DashboardCharts unit={data.unit} series={data.series} />
            </Suspense>

            <div className="grid gap-6 lg:grid-cols-2">
              <WaitingQuotesPanel waiting={data.waiting} asOf={query.dataUpdatedAt} />
              <ExpiringSoonPanel quotes={data.expiringSoon} />
              <LowStockPanel
                lowStock={data.lowStock}
                onThreshold={(stock) => setSearch({ stock })}
              />
              <TopProductsPanel
                products={data.topProducts}
                note={updatedAgo(data, query.dataUpdatedAt)}
              />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}

/**
 * What follows an accepted quote, as of now rather than of the period: the goods still to send
 * (docs/decisions/082), what is owed past its due day (docs/decisions/084) and the fiscal
 * documents not issued yet (docs/decisions/096), each a link to where it is worked.
 */
function AfterSaleFigures() {
  const trpc = useTRPC();
  const pending = useQuery(trpc.admin.dispatches.pending.queryOptions());
  const overdue = useQuery(trpc.admin.collections.overdue.queryOptions());
  const unissued = useQuery(trpc.admin.invoices.pending.queryOptions());
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Link
        to="/dashboard/ordenes"
        search={{ despacho: DISPATCH_FILTER_PENDING }}
        className="hover:ring-ring rounded-lg hover:ring-1"
      >
        <StatCard
          label="Por despachar"
          value={pending.data ? formatMoney(pending.data.amount) : '—'}
          hint={
            pending.data && `${pending.data.orders} pedidos con mercadería por enviar (sin IVA)`
          }
        />
      </Link>
      <Link to="/dashboard/cobranzas" className="hover:ring-ring rounded-lg hover:ring-1">
        <StatCard
          label="Vencido"
          value={overdue.data === undefined ? '—' : formatMoney(overdue.data)}
          hint="Saldos con el vencimiento pasado"
        />
      </Link>
      {/* Not issued yet: waiting to be sent, retried while the provider is down, or stopped
          for data (docs/decisions/096-the-comprobantes-list.md). */}
      <Link
        to="/dashboard/comprobantes"
        search={{ estado: 'pendiente' }}
        className="hover:ring-ring rounded-lg hover:ring-1"
      >
        <StatCard
          label={INVOICE_PENDING_LABEL}
          value={unissued.data === undefined ? '—' : formatCount(unissued.data)}
          hint="Comprobantes que todavía no se emitieron"
        />
      </Link>
    </div>
  );
}

/**
 * The median answer and the most requested products come from a snapshot computed every few
 * minutes (docs/decisions/068-dashboard-rollups.md): how old it was when the page read it.
 */
const updatedAgo = (data: DashboardHome, asOf: number) =>
  formatUpdatedAgo((asOf - data.snapshotAt.getTime()) / 1000);

/** `asOf`: when the figures were read, so each wait is told as of the same moment. */
function WaitingQuotesPanel({
  waiting,
  asOf,
}: {
  waiting: DashboardHome['waiting'];
  asOf: number;
}) {
  return (
    <Panel
      title="Cotizaciones esperando respuesta"
      count={waiting.total}
      empty="No hay cotizaciones esperando respuesta."
    >
      {waiting.items.map((order) => (
        <PanelRow
          key={order.id}
          asideStyle="time"
          aside={`hace ${formatWait((asOf - order.createdAt.getTime()) / 1000)}`}
        >
          <Link
            to="/dashboard/ordenes/$id"
            params={{ id: String(order.id) }}
            className="text-primary min-w-0 truncate font-medium hover:underline"
          >
            #{order.id} · {order.customerName}
          </Link>
        </PanelRow>
      ))}
    </Panel>
  );
}

/** Sent quotes whose last valid day is within three days: a call may save them. */
function ExpiringSoonPanel({ quotes }: { quotes: DashboardHome['expiringSoon'] }) {
  return (
    <Panel title="Vencen pronto" count={quotes.length} empty="Ninguna cotización vence pronto.">
      {quotes.map((order) => (
        <PanelRow
          key={order.id}
          asideStyle="time"
          aside={`vence el ${formatDay(order.validUntil)}`}
        >
          <Link
            to="/dashboard/ordenes/$id"
            params={{ id: String(order.id) }}
            className="text-primary min-w-0 truncate font-medium hover:underline"
          >
            #{order.id} · {order.customerName}
          </Link>
        </PanelRow>
      ))}
    </Panel>
  );
}

function LowStockPanel({
  lowStock,
  onThreshold,
}: {
  lowStock: DashboardHome['lowStock'];
  onThreshold: (stock: number) => void;
}) {
  return (
    <Panel
      title="Stock bajo"
      count={lowStock.total}
      countLabel={formatCapped(lowStock.total, lowStock.isTotalCapped)}
      empty="Ninguna variante con stock bajo."
      action={
        <LowStockForm
          key={lowStock.threshold}
          threshold={lowStock.threshold}
          onChange={onThreshold}
        />
      }
    >
      {lowStock.items.map((variant) => (
        <PanelRow key={variant.variantId} asideStyle="figure" aside={`${variant.stock} u.`}>
          <Link
            to="/dashboard/productos/editar/$slug"
            params={{ slug: variant.slug }}
            className="text-primary min-w-0 truncate hover:underline"
          >
            {variant.productName}{' '}
            <span className="text-muted-foreground">
              {variant.storage} · {variant.colorName}
            </span>
          </Link>
        </PanelRow>
      ))}
    </Panel>
  );
}

function TopProductsPanel({
  products,
  note,
}: {
  products: DashboardHome['topProducts'];
  note: string;
}) {
  return (
    <Panel
      title="Más solicitados"
      count={products.length}
      empty="Sin cotizaciones en el período."
      note={note}
    >
      {products.map((product, index) => (
        <PanelRow
          key={`${product.name}-${index}`}
          asideStyle="figure"
          aside={`${product.quantity} u.`}
        >
          <span className="min-w-0 truncate">
            {index + 1}. {product.name}
          </span>
        </PanelRow>
      ))}
    </Panel>
  );
}

function LowStockForm({
  threshold,
  onChange,
}: {
  threshold: number;
  onChange: (stock: number) => void;
}) {
  const [value, setValue] = useState(String(threshold));
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const stock = Number(value);
        if (Number.isInteger(stock) && stock >= 0 && stock <= LOW_STOCK_MAX) onChange(stock);
      }}
    >
      <Label htmlFor="umbral-stock" className="sr-only">
        Umbral de stock
      </Label>
      <Input
        id="umbral-stock"
        type="number"
        min={0}
        max={LOW_STOCK_MAX}
        compact
        fullWidth={false}
        className="w-20"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" size="sm" variant="outline">
        Aplicar
      </Button>
    </form>
  );
}
