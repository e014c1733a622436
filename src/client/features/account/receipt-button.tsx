import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackageCheck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/errors';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { fulfilmentMessages } from '@shared/fulfilment-messages';

/** 'Confirmar recepción' of a dispatch: received today, by the buyer who presses it. */
export function ConfirmReceiptButton({ dispatchId }: { dispatchId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.account.dispatches.confirmReceipt.mutationOptions({
      onSuccess: async () => {
        notify.success(fulfilmentMessages.receiptConfirmed);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={confirm.isPending}
      onClick={() => confirm.mutate({ dispatchId })}
    >
      <PackageCheck aria-hidden="true" /> Confirmar recepción
    </Button>
  );
}
