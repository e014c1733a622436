import { Download, MessageSquareDiff } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import type { QuoteRevision } from '@client/features/orders/order-types';
import { formatDay, formatMoney } from '@shared/format';
import { quoteExpiredMessage } from '@shared/client-messages';

/**
 * The top of the customer's order once a quote was sent: its total and what to do with it
 * ('Aceptar cotización', 'Descargar PDF'), visible without scrolling on a phone.
 */
export function QuoteSummary({
  orderId,
  revision,
  onAccept,
  onRequestChanges,
}: {
  orderId: number;
  revision: QuoteRevision;
  /** Absent when the quote can no longer be accepted (accepted, cancelled, expired). */
  onAccept?: () => void;
  /** 'Pedir cambios': absent when it cannot be asked, or was already asked on this revision. */
  onRequestChanges?: () => void;
}) {
  const validUntil = formatDay(revision.validUntil);
  return (
    <section
      aria-label="Cotización actual"
      className="border-primary/30 bg-primary/5 flex flex-col gap-3 rounded-lg border p-4"
    >
      <div>
        <p className="text-muted-foreground text-sm">
          Cotización N° {orderId}-{revision.number} · Total IVA incluido
        </p>
        <p className="text-2xl font-bold" data-testid="quote-summary-total">
          {formatMoney(revision.total)}
        </p>
        <p className="text-muted-foreground text-sm">
          {revision.isExpired ? quoteExpiredMessage(validUntil) : `Válida hasta el ${validUntil}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {onAccept && <Button onClick={onAccept}>Aceptar cotización</Button>}
        {onRequestChanges && (
          <Button variant="outline" onClick={onRequestChanges}>
            <MessageSquareDiff /> Pedir cambios
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={`/api/orders/${orderId}/revisions/${revision.number}.pdf`} download>
            <Download /> Descargar PDF
          </a>
        </Button>
      </div>
    </section>
  );
}
