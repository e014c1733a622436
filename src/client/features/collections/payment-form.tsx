import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { TextareaField } from '@client/components/ui/textarea-field';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@shared/collections';
import { collectionsMessages } from '@shared/collections-messages';
import { formatDay, formatMoney } from '@shared/format';
import {
  type PaymentFormValues,
  type PaymentInput,
  paymentInputSchema,
} from '@shared/schemas/collections';

type Payer = { companyId: number } | { customerId: number };
type OpenOrder = { id: number; dueOn: string | null; uncovered: string };

const blank = (payer: Payer, today: string): PaymentFormValues => ({
  payer,
  method: 'transfer',
  currency: 'USD',
  amount: '',
  receivedOn: today,
  bank: '',
  reference: '',
  chequeNumber: '',
  note: '',
  orderIds: [],
});

/** '' is no choice: the schema's optional fields and the oldest-first default read undefined. */
const unlessEmpty = (value: string) => (value === '' ? undefined : value);

/**
 * 'Registrar pago' on a company's or a customer's page: how it came, the amount in US$ or pesos
 * (the server converts at the day's rate), and the orders it pays — none ticked: the oldest
 * first. The schema is the procedure's (schemas/collections.ts), so a missing bank or a
 * cheque's collection day is refused here the same as there.
 */
export function PaymentForm({
  payer,
  today,
  openOrders,
  onDone,
}: {
  payer: Payer;
  today: string;
  openOrders: OpenOrder[];
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PaymentFormValues, unknown, PaymentInput>({
    resolver: zodResolver(paymentInputSchema),
    defaultValues: blank(payer, today),
  });
  const field = fieldBinder(form, { idPrefix: 'pago-' });
  const method = useWatch({ control: form.control, name: 'method' });
  const record = useMutation(
    trpc.admin.collections.recordPayment.mutationOptions({
      onSuccess: async () => {
        notify.success(collectionsMessages.paymentRecorded);
        form.reset(blank(payer, today));
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.collections.pathKey() });
      },
      // An amount over the balance, a day without a rate: under their fields or in a toast.
      onError: (error) => showRefusal(form, error),
    }),
  );
  const optional = { setValueAs: unlessEmpty };
  const { error: methodError, ...methodField } = field('method');
  const { error: currencyError, ...currencyField } = field('currency');

  return (
    <div className="@container">
      <form
        noValidate
        aria-label="Registrar pago"
        className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-3"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            record.mutate({
              ...values,
              orderIds: values.orderIds?.length ? values.orderIds : undefined,
            }),
          )(event)
        }
      >
        <FormField label="Forma de pago" htmlFor={methodField.id} error={methodError}>
          <NativeSelect {...methodField}>
            {PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
          <FormField label="Moneda" htmlFor={currencyField.id} error={currencyError}>
            <NativeSelect {...currencyField}>
              <option value="USD">US$</option>
              <option value="UYU">$ (pesos)</option>
            </NativeSelect>
          </FormField>
          <InputField
            label="Importe"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.000"
            {...field('amount')}
          />
        </div>
        <InputField label="Recibido el" type="date" {...field('receivedOn')} />
        {method !== 'cash' && (
          <InputField
            label={method === 'cheque' ? 'Banco del cheque' : 'Banco'}
            autoComplete="off"
            placeholder="BROU"
            {...field('bank', optional)}
          />
        )}
        {(method === 'transfer' || method === 'deposit') && (
          <InputField
            label={method === 'transfer' ? 'Referencia' : 'Referencia (opcional)'}
            autoComplete="off"
            {...field('reference', optional)}
          />
        )}
        {method === 'cheque' && (
          <>
            <InputField
              label="Número de cheque"
              autoComplete="off"
              {...field('chequeNumber', optional)}
            />
            <InputField
              label="Fecha de cobro"
              type="date"
              hint="Cuenta como pagado desde ese día"
              {...field('collectOn', optional)}
            />
          </>
        )}
        <TextareaField
          label="Nota (opcional)"
          rows={2}
          fieldClassName="@md:col-span-2 @3xl:col-span-3"
          {...field('note', optional)}
        />
        {openOrders.length > 0 && (
          <fieldset className="space-y-2 @md:col-span-2 @3xl:col-span-3">
            <legend className="text-sm font-medium">Aplicar a</legend>
            <p className="text-muted-foreground text-xs">
              Sin elegir ninguno, se aplica a los más antiguos primero.
            </p>
            <Controller
              control={form.control}
              name="orderIds"
              render={({ field: chosen }) => (
                <ul className="grid gap-2 @md:grid-cols-2">
                  {openOrders.map((order) => {
                    const isChosen = chosen.value?.includes(order.id) ?? false;
                    return (
                      <li key={order.id} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          id={`pago-pedido-${order.id}`}
                          checked={isChosen}
                          onCheckedChange={(checked) =>
                            chosen.onChange(
                              checked === true
                                ? [...(chosen.value ?? []), order.id]
                                : (chosen.value ?? []).filter((id) => id !== order.id),
                            )
                          }
                        />
                        <label htmlFor={`pago-pedido-${order.id}`}>
                          Pedido #{order.id} · {formatMoney(order.uncovered)}
                          {order.dueOn && (
                            <span className="text-muted-foreground">
                              {' '}
                              · vence {formatDay(order.dueOn)}
                            </span>
                          )}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2 @md:col-span-2 @3xl:col-span-3">
          <Button type="submit" disabled={record.isPending}>
            Registrar pago
          </Button>
          <Button type="button" variant="ghost" onClick={onDone} disabled={record.isPending}>
            Cancelar
          </Button>
        </div>
      </form>
    </div>
  );
}
