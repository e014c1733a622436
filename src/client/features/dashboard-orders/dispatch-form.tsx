import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { DeliveryChoiceFields } from '@client/features/orders/delivery-choice-fields';
import type { Fulfilment } from '@client/features/orders/order-fulfilment';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { AGENCIES, DELIVERY_METHODS, type DeliveryChoice } from '@shared/delivery';
import { storeDay } from '@shared/format';
import { pendingOf } from '@shared/fulfilment';
import { fulfilmentMessages, pendingUnitsMessage } from '@shared/fulfilment-messages';
import {
  type DispatchFormValues,
  type DispatchInput,
  dispatchInputSchema,
} from '@shared/schemas/fulfilment';

/** Every pending unit leaves, the way the buyer asked, today: what staff change is the rest. */
const blank = (
  orderId: number,
  lines: Fulfilment['lines'],
  delivery: DeliveryChoice | null,
): DispatchFormValues => ({
  orderId,
  lines: lines.map((line) => ({ lineKey: line.lineKey, quantity: pendingOf(line) })),
  method: DELIVERY_METHODS.find((method) => method === delivery?.method) ?? 'courier',
  agency: AGENCIES.find((agency) => agency === delivery?.agency),
  agencyName: delivery?.agencyName ?? undefined,
  freightCollect: delivery?.freightCollect ?? false,
  trackingNumber: '',
  dispatchedOn: storeDay(new Date()),
});

/**
 * 'Registrar despacho' (docs/decisions/082-dispatches-and-delivery-notes.md): per line the units
 * leaving now (at most what is pending; the server says 'Quedan {n} por despachar' when another
 * dispatch took them first), the method and agency, the guide number and the day. The goods go
 * to the order's delivery site. The server numbers the Nota de entrega and mails it.
 */
export function DispatchForm({
  orderId,
  fulfilment,
  delivery,
  onDone,
}: {
  orderId: number;
  fulfilment: Fulfilment;
  delivery: DeliveryChoice | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = fulfilment.lines.filter((line) => pendingOf(line) > 0);
  const form = useForm<DispatchFormValues, unknown, DispatchInput>({
    resolver: zodResolver(dispatchInputSchema),
    defaultValues: blank(orderId, pending, delivery),
  });
  const field = fieldBinder(form, { idPrefix: `despacho-${orderId}-` });
  const [method, agency, agencyName, freightCollect] = useWatch({
    control: form.control,
    name: ['method', 'agency', 'agencyName', 'freightCollect'],
  });
  const create = useMutation(
    trpc.admin.dispatches.create.mutationOptions({
      onSuccess: async () => {
        notify.success(fulfilmentMessages.dispatchRegistered);
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      // 'Quedan 2 por despachar' under its line, a short stock or a future day under theirs.
      onError: (error) => showRefusal(form, error),
    }),
  );
  const errors = form.formState.errors;
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <form
      noValidate
      aria-label="Registrar despacho"
      className="space-y-5"
      onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">Unidades que salen ahora</legend>
        {pending.map((line, index) => (
          <InputField
            key={line.lineKey}
            label={`${line.productName} (${line.storage} / ${line.colorName})`}
            hint={pendingUnitsMessage(pendingOf(line))}
            type="number"
            inputMode="numeric"
            min={0}
            max={pendingOf(line)}
            fieldClassName="max-w-md"
            {...field(`lines.${index}.quantity`, { valueAsNumber: true })}
          />
        ))}
        {linesError && (
          <p className="text-destructive text-sm" role="alert">
            {linesError}
          </p>
        )}
      </fieldset>
      <DeliveryChoiceFields
        idPrefix={`despacho-${orderId}-`}
        value={{ method, agency, agencyName, freightCollect }}
        onChange={(next) => {
          form.setValue('method', next.method);
          form.setValue('agency', next.agency);
          form.setValue('agencyName', next.agencyName);
          form.setValue('freightCollect', next.freightCollect);
        }}
        // The goods go where the order asked: no site to pick here.
        sites={[]}
        noSites={<p className="text-muted-foreground">Va al lugar de entrega del pedido.</p>}
        errors={{
          method: errors.method?.message,
          agency: errors.agency?.message,
          agencyName: errors.agencyName?.message,
          siteId: errors.siteId?.message,
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="Número de guía (opcional)"
          autoComplete="off"
          {...field('trackingNumber')}
        />
        <InputField label="Fecha de despacho" type="date" {...field('dispatchedOn')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          Registrar despacho
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
