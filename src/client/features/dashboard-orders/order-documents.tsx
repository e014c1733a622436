import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, RotateCcw } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { errorMessage } from '@client/lib/errors';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { CfeDocumentTitle, cfePdfPath } from '@client/features/orders/order-invoices';
import { CFE_STATE_BADGE, useSignedXmlDownload } from '@client/features/orders/cfe-signed-xml';
import { CFE_STATE_LABELS } from '@shared/cfe';

/**
 * The order's fiscal documents on its staff page: each with its DGI state and what stopped it,
 * the signed XML to download, and the step that unblocks it ('Reintentar' once the data is
 * fixed, 'Emitir de nuevo' after a rejection; docs/decisions/087-cfe-documents-as-jobs.md).
 */
export function OrderDocumentsCard({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const documents = useQuery(trpc.admin.invoices.ofOrder.queryOptions({ orderId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.invoices.ofOrder.queryKey({ orderId }) });
  const onError = (error: unknown) => notify.error(errorMessage(error));
  const downloadXml = useSignedXmlDownload();
  const retry = useMutation(
    trpc.admin.invoices.retry.mutationOptions({
      onSuccess: () => void refresh().then(() => notify.success('Lo volvemos a enviar')),
      onError,
    }),
  );
  const reissue = useMutation(
    trpc.admin.invoices.reissue.mutationOptions({
      onSuccess: () => void refresh().then(() => notify.success('Emitimos uno nuevo')),
      onError,
    }),
  );
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="comprobantes-fiscales">
      <CardHeader>
        <CardTitle id="comprobantes-fiscales">Comprobantes fiscales</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-border divide-y text-sm">
          {documents.data.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <CfeDocumentTitle doc={doc} />
                {(doc.lastError ?? doc.dgiReason) && (
                  <p className="text-destructive mt-1 text-xs">{doc.lastError ?? doc.dgiReason}</p>
                )}
              </div>
              <Badge variant={CFE_STATE_BADGE[doc.state]}>{CFE_STATE_LABELS[doc.state]}</Badge>
              <div className="flex flex-wrap gap-2">
                {doc.state === 'accepted' && (
                  <Button asChild size="sm" variant="outline">
                    <a href={cfePdfPath(orderId, doc.id)} download>
                      <Download aria-hidden="true" /> Descargar PDF
                    </a>
                  </Button>
                )}
                {doc.hasXml && (
                  <Button size="sm" variant="outline" onClick={() => void downloadXml(doc.id)}>
                    <Download aria-hidden="true" /> Descargar XML
                  </Button>
                )}
                {doc.state === 'needs_data' && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ id: doc.id })}
                  >
                    <RotateCcw aria-hidden="true" /> Reintentar
                  </Button>
                )}
                {doc.state === 'rejected' && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={reissue.isPending}
                    onClick={() => reissue.mutate({ id: doc.id })}
                  >
                    <RotateCcw aria-hidden="true" /> Emitir de nuevo
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
