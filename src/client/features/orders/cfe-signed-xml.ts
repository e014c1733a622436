import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@client/lib/errors';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import type { CfeState } from '@shared/cfe';

/** The badge of each DGI state, on an order's documents and on 'Comprobantes'. */
export const CFE_STATE_BADGE: Record<
  CfeState,
  'soft-success' | 'soft-warning' | 'destructive' | 'outline'
> = {
  queued: 'soft-warning',
  needs_data: 'destructive',
  pending_dgi: 'soft-warning',
  accepted: 'soft-success',
  rejected: 'destructive',
  cancelled: 'outline',
};

/** Saves `text` as a file the browser downloads, without a page of its own. */
function saveFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * 'Descargar XML' of an issued document: the signed XML as the provider returned it
 * (admin.invoices.signedXml), named as the accountant files it.
 */
export function useSignedXmlDownload() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (id: number) => {
    try {
      const { fileName, xml } = await queryClient.fetchQuery(
        trpc.admin.invoices.signedXml.queryOptions({ id }),
      );
      saveFile(fileName, xml, 'application/xml');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
}
