import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@client/components/ui/form-dialog';
import { TextareaField } from '@client/components/ui/textarea-field';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { negotiationMessages } from '@shared/negotiation';
import {
  CHANGE_REASON_MAX,
  type ChangeRequestFormValues,
  type ChangeRequestInput,
  changeRequestInputSchema,
} from '@shared/schemas/quote';

/**
 * 'Pedir cambios' on the sent revision: what the buyer wants changed, checked by the schema the
 * procedure reads (docs/decisions/090-asking-for-changes-is-an-event.md).
 */
export function ChangeRequestDialog({
  orderId,
  revision,
  onClose,
}: {
  orderId: number;
  revision: number;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<ChangeRequestFormValues, unknown, ChangeRequestInput>({
    resolver: zodResolver(changeRequestInputSchema),
    defaultValues: { id: orderId, revision, reason: '' },
  });
  const request = useMutation(
    trpc.account.orders.requestChanges.mutationOptions({
      onSuccess: async () => {
        notify.success(negotiationMessages.changesRequested);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
      },
      onError: (error) => showRefusal(form, error, { fields: ['reason'] }),
    }),
  );
  const field = fieldBinder(form, { idPrefix: 'cambios-' });
  return (
    <FormDialog
      title={`Pedir cambios a la cotización N° ${orderId}-${revision}`}
      description="Contanos qué querés cambiar (cantidades, productos, precios o condiciones): te enviamos una nueva cotización. Mientras tanto esta sigue vigente."
      submitLabel="Enviar pedido de cambios"
      isPending={request.isPending}
      onClose={onClose}
      onSubmit={() => void form.handleSubmit((values) => request.mutate(values))()}
    >
      <TextareaField
        label="Qué querés cambiar"
        hint={`Hasta ${CHANGE_REASON_MAX} caracteres.`}
        rows={4}
        {...field('reason')}
      />
    </FormDialog>
  );
}
