import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardTitle } from '@client/components/ui/card';
import { formatDate, formatDay, formatMoney } from '@shared/format';
import { quoteExpiredMessage } from '@shared/client-messages';
import { variantText } from '@shared/order-text';
import { parseCents } from '@shared/money';
import { BACKORDER_LABEL, backorderDateLabel, formatPercentOff } from '@shared/pricing';
import { pesosAtRateText } from '@shared/exchange-rate';
import { pesosTotalText } from '@shared/quote-math';
import type { QuoteRevision } from './order-types';
import { RevisionChangesView } from './revision-changes-view';

/** A revision as the customer and staff read it: lines, totals, note, validity and its PDF. */
export function QuoteRevisionView({
  orderId,
  revision,
  title,
  actions,
}: {
  orderId: number;
  revision: QuoteRevision;
  title: string;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <div className="flex flex-row flex-wrap items-start justify-between gap-3 p-6">
        <div>
          <CardTitle>{title}</CardTitle>
          <p className="text-muted-foreground mt-1 text-sm">
            Cotización N° {orderId}-{revision.number} · {formatDate(revision.createdAt)}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/orders/${orderId}/revisions/${revision.number}.pdf`} download>
            <Download /> Descargar PDF
          </a>
        </Button>
      </div>
      <CardContent className="space-y-4">
        {revision.changes && (
          <RevisionChangesView
            orderId={orderId}
            previousNumber={revision.number - 1}
            changes={revision.changes}
          />
        )}
        <ul className="divide-border divide-y text-sm">
          {revision.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="font-medium">{line.productName}</p>
                <p className="text-muted-foreground text-xs">
                  {variantText(line)} · {line.quantity} x {formatMoney(line.unitPrice)}
                  {parseCents(line.discountPercent) > 0n &&
                    ` · ${formatPercentOff(line.discountPercent)} de descuento`}
                </p>
                {line.isBackorder && (
                  <p className="text-warning text-xs font-medium">
                    {line.expectedOn
                      ? backorderDateLabel(formatDay(line.expectedOn))
                      : BACKORDER_LABEL}
                  </p>
                )}
              </div>
              <p className="whitespace-nowrap">{formatMoney(line.amount)}</p>
            </li>
          ))}
        </ul>
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{formatMoney(revision.subtotal)}</dd>
          <dt className="text-muted-foreground">IVA 22 %</dt>
          <dd className="text-right">{formatMoney(revision.tax)}</dd>
          <dt className="border-border border-t pt-1 font-semibold">Total</dt>
          <dd
            className="border-border border-t pt-1 text-right font-semibold"
            data-testid="revision-total"
          >
            {formatMoney(revision.total)}
          </dd>
        </dl>
        {revision.exchangeRate ? (
          <p className="text-right text-sm" data-testid="revision-pesos">
            {pesosTotalText(revision.total, revision.exchangeRate)}
          </p>
        ) : (
          // Without a rate typed by staff, the day's rate when it was sent (decision 085).
          revision.dayRate && (
            <p className="text-right text-sm" data-testid="revision-pesos">
              Total en pesos uruguayos: {pesosAtRateText(revision.total, revision.dayRate)}
            </p>
          )
        )}
        <RevisionTerms revision={revision} />
        {revision.note && (
          <p className="bg-muted rounded-md p-3 text-sm whitespace-pre-wrap">{revision.note}</p>
        )}
        <p className="text-muted-foreground text-sm">
          {revision.isExpired
            ? quoteExpiredMessage(formatDay(revision.validUntil))
            : `Válida hasta el ${formatDay(revision.validUntil)}`}
          {' · '}Precios en dólares estadounidenses
        </p>
        {actions}
      </CardContent>
    </Card>
  );
}

/** 'Forma de pago', 'Plazo de entrega', 'Garantía' as the revision states them. */
function RevisionTerms({ revision }: { revision: QuoteRevision }) {
  const terms = [
    ['Forma de pago', revision.paymentTerms],
    ['Plazo de entrega', revision.deliveryTerms],
    ['Garantía', revision.warranty],
  ].filter(([, text]) => text);
  if (terms.length === 0) return null;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {terms.map(([label, text]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="text-muted-foreground whitespace-pre-wrap">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
