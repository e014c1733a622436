import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { Download, FileText } from 'lucide-react';
import type { AppRouter } from '@server/trpc/router';
import { QueryState } from '@client/components/query-state';
import { PageSizeSelect, StaffListHeader } from '@client/components/staff-list';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { CFE_STATE_BADGE, useSignedXmlDownload } from '@client/features/orders/cfe-signed-xml';
import { CFE_KIND_LABELS, CFE_STATE_LABELS } from '@shared/cfe';
import { formatDay, formatMoney } from '@shared/format';
import { type CfeListSearch } from '@shared/schemas/search-params';
import { useTRPC } from '@client/lib/trpc';
import { cfeCsvHref, cfeListInput } from './cfe-list-input';
import { CfeFilters, hasCfeFilters, isCfeRangeReversed } from './cfe-filters';

type CfeRow = inferRouterOutputs<AppRouter>['admin']['invoices']['list']['items'][number];

const linkClass = 'text-primary font-medium hover:underline';

/** 'RUT 214844360018', 'CI 12345678', or nothing for a consumer without a document. */
const receiverDocumentText = (row: CfeRow) =>
  row.receiverDocument ? `${row.receiverDocType === 3 ? 'CI' : 'RUT'} ${row.receiverDocument}` : '';

const totalText = (row: CfeRow) => (row.total === null ? '—' : formatMoney(row.total));

function OrderLink({ orderId }: { orderId: number }) {
  return (
    <Link to="/dashboard/ordenes/$id" params={{ id: String(orderId) }} className={linkClass}>
      #{orderId}
    </Link>
  );
}

/** The DGI state, with DGI's reason of a rejection or what stopped the document. */
function StateCell({ row }: { row: CfeRow }) {
  const reason = row.dgiReason ?? row.lastError;
  return (
    <div className="space-y-1">
      <Badge variant={CFE_STATE_BADGE[row.state]}>{CFE_STATE_LABELS[row.state]}</Badge>
      {reason && <p className="text-destructive text-xs break-words">{reason}</p>}
    </div>
  );
}

function XmlButton({ row, onDownload }: { row: CfeRow; onDownload: (id: number) => void }) {
  if (row.state !== 'accepted' || !row.hasXml) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Descargar XML de ${CFE_KIND_LABELS[row.kind]} ${row.numberText}`}
      onClick={() => onDownload(row.id)}
    >
      <Download aria-hidden="true" /> Descargar XML
    </Button>
  );
}

function CfeTable({ rows }: { rows: CfeRow[] }) {
  const downloadXml = useSignedXmlDownload();
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Comprobantes">
        {rows.map((row) => (
          <li
            key={row.id}
            className="border-border space-y-2 rounded-lg border bg-white p-4 text-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {CFE_KIND_LABELS[row.kind]} {row.numberText || '—'}
              </span>
              <span className="text-muted-foreground text-xs">{formatDay(row.day)}</span>
            </div>
            <p className="break-words">
              {row.receiverName}
              {row.receiverDocument && (
                <span className="text-muted-foreground block text-xs">
                  {receiverDocumentText(row)}
                </span>
              )}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                Orden <OrderLink orderId={row.orderId} />
              </span>
              <span className="font-semibold tabular-nums">{totalText(row)}</span>
            </div>
            <StateCell row={row} />
            <XmlButton row={row} onDownload={(id) => void downloadXml(id)} />
          </li>
        ))}
      </ul>
      <div className="border-border hidden rounded-lg border bg-white md:block">
        <DataTable
          aria-label="Comprobantes"
          columns={[
            'Fecha',
            'Tipo',
            'Número',
            'Orden',
            'Receptor',
            { title: 'Total', align: 'right' },
            'Estado DGI',
            { title: 'Acciones', srOnly: true },
          ]}
        >
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="whitespace-nowrap tabular-nums">{formatDay(row.day)}</TableCell>
              <TableCell>{CFE_KIND_LABELS[row.kind]}</TableCell>
              <TableCell className="whitespace-nowrap">{row.numberText || '—'}</TableCell>
              <TableCell>
                <OrderLink orderId={row.orderId} />
              </TableCell>
              <TableCell className="max-w-64">
                <span className="break-words">{row.receiverName}</span>
                {row.receiverDocument && (
                  <p className="text-muted-foreground text-xs">{receiverDocumentText(row)}</p>
                )}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {totalText(row)}
              </TableCell>
              <TableCell className="max-w-56">
                <StateCell row={row} />
              </TableCell>
              <TableCell className="text-right">
                <XmlButton row={row} onDownload={(id) => void downloadXml(id)} />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>
    </>
  );
}

/**
 * 'Comprobantes' (/dashboard/comprobantes): every fiscal document the store issued or queued,
 * newest first, with the filters in the URL, the signed XML of each accepted one and the CSV of
 * all that the filters select (docs/decisions/096-the-comprobantes-list.md).
 */
export function CfeListPage({ search }: { search: CfeListSearch }) {
  const page = search.page ?? 1;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const isReversed = isCfeRangeReversed(search);
  const query = useQuery({
    ...trpc.admin.invoices.list.queryOptions(cfeListInput(search)),
    placeholderData: (previous) => previous,
    enabled: !isReversed,
  });
  const changeSearch = (change: (previous: CfeListSearch) => CfeListSearch) =>
    void navigate({ to: '/dashboard/comprobantes', search: change });

  return (
    <div className="space-y-6">
      <StaffListHeader
        title="Comprobantes"
        total={isReversed ? undefined : query.data?.total}
        isFiltered={hasCfeFilters(search)}
        csvHref={isReversed ? undefined : cfeCsvHref(search)}
      />

      <CfeFilters
        search={search}
        // A new filter starts again from page 1.
        onChange={(patch) =>
          changeSearch((previous) => ({ ...previous, ...patch, page: undefined }))
        }
        onClear={() => changeSearch(() => ({}))}
      />

      <PageSizeSelect
        value={search.porPagina}
        // A new size starts again from page 1.
        onChange={(porPagina) =>
          changeSearch((previous) => ({ ...previous, porPagina, page: undefined }))
        }
      />

      {!isReversed && (
        <QueryState query={query}>
          {({ items, pageCount }) =>
            items.length === 0 ? (
              <EmptyState
                icon={FileText}
                title={
                  hasCfeFilters(search)
                    ? 'Ningún comprobante coincide con los filtros'
                    : 'Todavía no hay comprobantes'
                }
                description={
                  hasCfeFilters(search)
                    ? 'Probá con otras fechas, otro estado o limpiá los filtros.'
                    : 'Cada factura, nota de crédito y e-Remito que emita la tienda aparece acá.'
                }
              />
            ) : (
              <>
                <CfeTable rows={items} />
                <Pagination
                  page={page}
                  pageCount={pageCount}
                  onPage={(next) => changeSearch((previous) => ({ ...previous, page: next }))}
                />
              </>
            )
          }
        </QueryState>
      )}
    </div>
  );
}
