import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { DepartamentoField } from './departamento-field';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import {
  fiscalAddressInputSchema,
  type FiscalAddressFormValues,
  type FiscalAddressInput,
  placeText,
} from '@shared/schemas/uy-address';

type Fiscal = { street: string; locality: string; departamento: string; postalCode: string | null };
export type Billing = { companyName: string; rut: string; fiscal: Fiscal | null };

/**
 * 'Datos de facturación': the razón social and RUT ('Datos de la empresa' changes them) and the
 * domicilio fiscal, kept apart from the delivery sites.
 */
export function BillingCard({ billing, canManage }: { billing: Billing; canManage: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Datos de facturación</CardTitle>
        <p className="text-muted-foreground text-sm">
          La razón social y el RUT se cambian en{' '}
          <Link to="/account/empresa" className="text-primary hover:underline">
            Datos de la empresa
          </Link>
          .
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Razón social</dt>
            <dd className="font-medium">{billing.companyName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">RUT</dt>
            <dd className="font-medium">{billing.rut}</dd>
          </div>
          {!canManage && (
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Domicilio fiscal</dt>
              <dd className="font-medium">
                {billing.fiscal ? placeText(billing.fiscal) : 'Sin cargar'}
              </dd>
            </div>
          )}
        </dl>
        {canManage && <FiscalAddressForm fiscal={billing.fiscal} />}
      </CardContent>
    </Card>
  );
}

function FiscalAddressForm({ fiscal }: { fiscal: Fiscal | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FiscalAddressFormValues, unknown, FiscalAddressInput>({
    resolver: zodResolver(fiscalAddressInputSchema),
    defaultValues: {
      street: fiscal?.street ?? '',
      locality: fiscal?.locality ?? '',
      departamento: (fiscal?.departamento ?? '') as FiscalAddressInput['departamento'],
      postalCode: fiscal?.postalCode ?? '',
    },
  });
  const save = useMutation(
    trpc.account.sites.saveFiscalAddress.mutationOptions({
      onSuccess: async () => {
        notify.success(text.fiscalAddressSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.account.sites.pathKey() });
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  const field = fieldBinder(form, { idPrefix: 'fiscal-' });
  return (
    <form
      noValidate
      aria-label="Domicilio fiscal"
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      <h3 className="text-sm font-semibold sm:col-span-2">Domicilio fiscal</h3>
      <InputField label="Calle y número" fieldClassName="sm:col-span-2" {...field('street')} />
      <InputField label="Localidad" {...field('locality')} />
      <DepartamentoField {...field('departamento')} />
      <InputField label="Código postal (opcional)" inputMode="numeric" {...field('postalCode')} />
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Guardar domicilio fiscal
        </Button>
      </div>
    </form>
  );
}
