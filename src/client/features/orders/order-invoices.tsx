import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useTRPC } from '@client/lib/trpc';
import { CFE_KIND_LABELS, type CfeKind } from '@shared/cfe';
import { formatDay, formatMoney } from '@shared/format';

/** What each document's button says: the credit notes are 'nota de crédito' for the buyer. */
const DOWNLOAD_LABELS: Record<CfeKind, string> = {
  101: 'Descargar e-Ticket',
  102: 'Descargar nota de crédito',
  111: 'Descargar e-Factura',
  112: 'Descargar nota de crédito',
  181: 'Descargar e-Remito',
};

/** The printed CFE of a document of the order (http/cfe-pdf-route.ts). */
export const cfePdfPath = (orderId: number, documentId: number) =>
  `/api/orders/${orderId}/comprobantes/${documentId}.pdf`;

/**
 * The buyer's fiscal documents of an order, only those DGI accepted, each a PDF to download
 * (docs/decisions/095-the-printed-cfe.md). Nothing while there is none.
 */
export function OrderInvoicesCard({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  // Keyed by the order's status where it is used: a status change remounts it and reads again.
  const { data } = useQuery({
    ...trpc.account.invoices.ofOrder.queryOptions({ orderId }),
    refetchOnMount: 'always',
  });
  if (!data || data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="order-invoices">
      <CardHeader>
        <CardTitle id="order-invoices">Comprobantes fiscales</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-border divide-y text-sm">
          {data.map((doc) => (
            <li
              key={doc.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <CfeDocumentTitle doc={doc} />
              </div>
              <Button asChild variant="outline" size="sm">
                <a
                  href={cfePdfPath(orderId, doc.id)}
                  download
                  aria-label={`${DOWNLOAD_LABELS[doc.kind]} ${doc.numberText}`}
                >
                  <Download aria-hidden="true" /> {DOWNLOAD_LABELS[doc.kind]}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** A document's kind and number, then its day and total: the same line for buyer and staff. */
export function CfeDocumentTitle({
  doc,
}: {
  doc: { kind: CfeKind; numberText: string; issuedOn: string | null; total: string | null };
}) {
  return (
    <>
      <p className="font-medium">
        {CFE_KIND_LABELS[doc.kind]} {doc.numberText}
      </p>
      <p className="text-muted-foreground text-xs">
        {[doc.issuedOn ? formatDay(doc.issuedOn) : null, doc.total ? formatMoney(doc.total) : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </>
  );
}
