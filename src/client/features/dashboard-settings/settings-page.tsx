import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import {
  STORE_TERMS_MAX,
  STORE_WARRANTY_MAX,
  type StoreProfileFormValues,
  type StoreProfileInput,
  storeProfileInputSchema,
} from '@shared/schemas/store-profile';
import { InvoicingSettingsCard } from './invoicing-settings-card';
import { StoreLogoField } from './store-logo-field';

const FIELDS = [
  'legalName',
  'rut',
  'address',
  'phone',
  'email',
  'paymentTerms',
  'deliveryTerms',
  'warranty',
  'validityDays',
] as const;

/**
 * 'Datos de la empresa' (/dashboard/ajustes): the store's own data, printed on every quote and
 * shown on the contact page and the footer, and the defaults of every new quote revision.
 */
export function SettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: store } = useSuspenseQuery(trpc.admin.store.get.queryOptions());
  const { logoUrl, ...values } = store;
  const form = useForm<StoreProfileFormValues, unknown, StoreProfileInput>({
    resolver: zodResolver(storeProfileInputSchema),
    defaultValues: { ...values, rut: values.rut ?? '' },
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.store.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.contact.info.queryKey() }),
    ]);
  const save = useMutation(
    trpc.admin.store.update.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.storeProfileSaved);
        await refresh();
      },
      onError: (error) => showRefusal(form, error, { fields: FIELDS, toast: true }),
    }),
  );
  const field = fieldBinder(form);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Datos de la empresa"
        description="Figuran en cada cotización y su PDF, en la página de contacto y al pie de la tienda."
      />
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) =>
          void form.handleSubmit((input) => save.mutate({ ...input, rut: input.rut ?? '' }))(event)
        }
      >
        <Card>
          <CardHeader>
            <CardTitle>Empresa</CardTitle>
          </CardHeader>
          <CardContent className="space-y-5">
            <StoreLogoField logoUrl={logoUrl} onChanged={refresh} />
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField
                label="Razón social"
                autoComplete="organization"
                {...field('legalName')}
              />
              <InputField
                label="RUT"
                inputMode="numeric"
                placeholder="21 100342 001 7"
                {...field('rut')}
              />
              <InputField
                label="Dirección"
                autoComplete="street-address"
                fieldClassName="sm:col-span-2"
                {...field('address')}
              />
              <InputField label="Teléfono" type="tel" autoComplete="tel" {...field('phone')} />
              <InputField label="Correo" type="email" autoComplete="email" {...field('email')} />
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Condiciones de las cotizaciones</CardTitle>
            <p className="text-muted-foreground text-sm">
              Cada cotización nueva empieza con estos valores; podés cambiarlos en cada una.
            </p>
          </CardHeader>
          <CardContent className="space-y-5">
            <TextareaField
              label="Forma de pago"
              rows={2}
              maxLength={STORE_TERMS_MAX}
              {...field('paymentTerms')}
            />
            <TextareaField
              label="Plazo de entrega"
              rows={2}
              maxLength={STORE_TERMS_MAX}
              {...field('deliveryTerms')}
            />
            <TextareaField
              label="Garantía"
              rows={3}
              maxLength={STORE_WARRANTY_MAX}
              {...field('warranty')}
            />
            <InputField
              label="Validez (días)"
              type="number"
              min={1}
              max={365}
              fieldClassName="max-w-40"
              {...field('validityDays')}
              {...form.register('validityDays', { valueAsNumber: true })}
            />
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            Guardar datos
          </Button>
        </div>
      </form>
      <InvoicingSettingsCard />
    </div>
  );
}
