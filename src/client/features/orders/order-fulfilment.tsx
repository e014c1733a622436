import type { ReactNode } from 'react';
import { Download, PackageCheck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { deliveryMethodText, siteLines } from '@shared/delivery';
import { formatDateTime, formatDay } from '@shared/format';
import { deliveryNoteNumber, lineProgressText, pendingOf } from '@shared/fulfilment';
import type { AccountOrderDetail } from './order-types';
import { FulfilmentBadge } from './fulfilment-badge';
import type { TimelineEntry } from './order-timeline';

export type Fulfilment = NonNullable<AccountOrderDetail['fulfilment']>;
export type Dispatch = Fulfilment['dispatches'][number];

const units = (n: number) => `${n} ${n === 1 ? 'unidad' : 'unidades'}`;
const noteOf = (dispatch: Dispatch) =>
  `Nota de entrega N° ${deliveryNoteNumber(dispatch.noteNumber)}`;

/** One dispatch: its note (a PDF), how it went, where, what it carried and its delivery. */
function DispatchItem({
  orderId,
  dispatch,
  action,
}: {
  orderId: number;
  dispatch: Dispatch;
  action?: ReactNode;
}) {
  const site = siteLines(dispatch);
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{noteOf(dispatch)}</p>
          <p className="text-muted-foreground text-xs">
            Despachado el {formatDay(dispatch.dispatchedOn)}
            {dispatch.createdByName ? ` · ${dispatch.createdByName}` : ''}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a
            href={`/api/orders/${orderId}/notas-de-entrega/${dispatch.noteNumber}.pdf`}
            download
            aria-label={`Descargar ${noteOf(dispatch)}`}
          >
            <Download aria-hidden="true" /> Nota de entrega
          </a>
        </Button>
      </div>
      <p>
        {deliveryMethodText(dispatch)}
        {dispatch.trackingNumber && (
          <>
            {' · '}Guía <span className="font-semibold">{dispatch.trackingNumber}</span>
          </>
        )}
      </p>
      {site.length > 0 && (
        <address className="text-muted-foreground text-xs not-italic">{site.join(' · ')}</address>
      )}
      <ul className="text-muted-foreground text-xs">
        {dispatch.lines.map((line, index) => (
          <li key={index}>
            {line.quantity} × {line.productName} ({line.storage} / {line.colorName})
          </li>
        ))}
      </ul>
      {dispatch.deliveredOn ? (
        <p className="text-success flex items-center gap-1 text-sm">
          <PackageCheck className="size-4" aria-hidden="true" />
          Entregado el {formatDay(dispatch.deliveredOn)}
          {dispatch.receivedBy ? ` · recibió ${dispatch.receivedBy}` : ''}
        </p>
      ) : (
        action
      )}
    </li>
  );
}

/**
 * An accepted order's goods on both sides (docs/decisions/082-dispatches-and-delivery-notes.md):
 * the state, each line's progress ('3 de 5 despachadas'), the dispatches with their notes and
 * deliveries, and what was cancelled. `dispatchAction` is the reader's step on a dispatch not
 * delivered yet (staff's 'Marcar entregado', the buyer's 'Confirmar recepción'); `children`
 * staff's forms.
 */
export function OrderFulfilmentCard({
  orderId,
  fulfilment,
  dispatchAction,
  children,
}: {
  orderId: number;
  fulfilment: Fulfilment;
  dispatchAction?: (dispatch: Dispatch) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby="despacho-del-pedido">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="despacho-del-pedido">Despacho</CardTitle>
        <FulfilmentBadge status={fulfilment.status} />
      </CardHeader>
      <CardContent className="space-y-6 text-sm">
        <ul className="divide-border divide-y" aria-label="Líneas del pedido">
          {fulfilment.lines.map((line) => (
            <li key={line.lineKey} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0">
                {line.productName}
                <span className="text-muted-foreground">
                  {' '}
                  ({line.storage} / {line.colorName})
                </span>
              </span>
              <span
                className={pendingOf(line) > 0 ? 'text-muted-foreground' : 'text-success'}
                data-testid={`progreso-${line.lineKey}`}
              >
                {lineProgressText(line)}
              </span>
            </li>
          ))}
        </ul>
        {children}
        {fulfilment.dispatches.length > 0 && (
          <section className="space-y-2">
            <h3 className="font-semibold">Despachos</h3>
            <ol className="divide-border divide-y" aria-label="Despachos">
              {fulfilment.dispatches.map((dispatch) => (
                <DispatchItem
                  key={dispatch.id}
                  orderId={orderId}
                  dispatch={dispatch}
                  action={dispatchAction?.(dispatch)}
                />
              ))}
            </ol>
          </section>
        )}
        {fulfilment.cancellations.map((cancellation) => (
          <p key={cancellation.id} className="text-muted-foreground">
            {units(cancellation.units)} sin despachar canceladas el{' '}
            {formatDateTime(cancellation.createdAt)}. Motivo: {cancellation.reason}
          </p>
        ))}
      </CardContent>
    </Card>
  );
}

/** The dispatches and deliveries as entries of the order's history. */
export function fulfilmentEntries(fulfilment: Fulfilment | null): TimelineEntry[] {
  if (!fulfilment) return [];
  const entries: TimelineEntry[] = [];
  for (const dispatch of fulfilment.dispatches) {
    const count = dispatch.lines.reduce((sum, line) => sum + line.quantity, 0);
    entries.push({
      key: `d${dispatch.id}`,
      at: dispatch.createdAt,
      text: `Despacho: ${units(count)} (${noteOf(dispatch)})`,
      detail: dispatch.trackingNumber ? `Guía ${dispatch.trackingNumber}` : undefined,
      by: dispatch.createdByName ?? undefined,
    });
    if (dispatch.deliveredAt) {
      entries.push({
        key: `e${dispatch.id}`,
        at: dispatch.deliveredAt,
        text: `Entregado (${noteOf(dispatch)})`,
        detail: dispatch.receivedBy ? `Recibió ${dispatch.receivedBy}` : undefined,
        by: dispatch.deliveryRecordedByName ?? undefined,
      });
    }
  }
  for (const cancellation of fulfilment.cancellations) {
    entries.push({
      key: `c${cancellation.id}`,
      at: cancellation.createdAt,
      text: `Cancelado lo pendiente: ${units(cancellation.units)}`,
      detail: `Motivo: ${cancellation.reason}`,
      by: cancellation.cancelledByName ?? undefined,
    });
  }
  return entries;
}
