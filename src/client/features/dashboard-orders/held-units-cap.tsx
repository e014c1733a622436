import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { messages } from '@shared/client-messages';
import { heldUnitsCapInputSchema } from '@shared/schemas/customer';

export type HeldUnits = {
  customerId: number;
  heldUnits: number;
  maxUnits: number;
  override: number | null;
  storeMaxUnits: number;
};

/**
 * The units this order's customer holds in open quotes against their cap, and staff's way to
 * give them a cap of their own (a trusted buyer of larger quantities) or the store's again.
 */
export function HeldUnitsCap({ orderId, held }: { orderId: number; held: HeldUnits }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cap = useTextInput(held.override === null ? '' : String(held.override));
  const id = `tope-${orderId}`;
  const mutation = useMutation(
    trpc.admin.customers.setHeldUnitsCap.mutationOptions({
      onSuccess: async ({ maxHeldUnits }) => {
        notify.success(maxHeldUnits === null ? messages.capReset : messages.capSaved);
        cap.set(maxHeldUnits === null ? '' : String(maxHeldUnits));
        await queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
      },
      onError: (error) => notify.error(errorMessage(error, messages.capFailed)),
    }),
  );
  const parsed = heldUnitsCapInputSchema.shape.maxHeldUnits.safeParse(
    cap.value.trim() === '' ? Number.NaN : Number(cap.value),
  );
  const error = cap.value.trim() !== '' && !parsed.success ? parsed.error.issues[0]?.message : '';

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && parsed.data !== null) {
      mutation.mutate({ customerId: held.customerId, maxHeldUnits: parsed.data });
    }
  };
  return (
    <form onSubmit={save} aria-label="Tope de unidades reservadas" className="mt-3 space-y-2">
      <p>
        Unidades reservadas: <span className="font-medium">{held.heldUnits}</span> de{' '}
        {held.maxUnits} {held.override === null ? '(tope general)' : '(tope propio)'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <InputField
          id={id}
          label="Tope propio"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={String(held.storeMaxUnits)}
          fullWidth={false}
          className="w-28"
          error={error || undefined}
          {...cap.props}
        />
        <Button type="submit" variant="outline" disabled={!parsed.success || mutation.isPending}>
          Guardar tope
        </Button>
        {held.override !== null && (
          <Button
            type="button"
            variant="link"
            size="flush"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate({ customerId: held.customerId, maxHeldUnits: null })}
          >
            Usar el general
          </Button>
        )}
      </div>
    </form>
  );
}
