import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { DepartamentoField } from './departamento-field';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import {
  deliverySiteInputSchema,
  type DeliverySiteFormValues,
  type DeliverySiteInput,
  emptyDeliverySite,
  formatUruguayanPhone,
} from '@shared/schemas/uy-address';

export type StoredSite = {
  id: number;
  name: string;
  street: string;
  locality: string;
  departamento: string;
  postalCode: string | null;
  phone: string;
  contactName: string | null;
  hours: string | null;
};

/** The form's values for a stored site: the phone as people read it, blanks for nulls. */
const valuesOf = (site: StoredSite): DeliverySiteFormValues => ({
  name: site.name,
  street: site.street,
  locality: site.locality,
  departamento: site.departamento as DeliverySiteFormValues['departamento'],
  postalCode: site.postalCode ?? '',
  phone: formatUruguayanPhone(site.phone),
  contactName: site.contactName ?? '',
  hours: site.hours ?? '',
});

/** 'Agregar lugar' or 'Editar' a delivery site: the rules are the procedure's own schema. */
export function SiteForm({ site, onDone }: { site?: StoredSite; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<DeliverySiteFormValues, unknown, DeliverySiteInput>({
    resolver: zodResolver(deliverySiteInputSchema),
    defaultValues: site ? valuesOf(site) : emptyDeliverySite,
  });
  const done = async () => {
    notify.success(text.siteSaved);
    await queryClient.invalidateQueries({ queryKey: trpc.account.sites.pathKey() });
    onDone();
  };
  const onError = (error: unknown) => showRefusal(form, error);
  const create = useMutation(
    trpc.account.sites.create.mutationOptions({ onSuccess: done, onError }),
  );
  const update = useMutation(
    trpc.account.sites.update.mutationOptions({ onSuccess: done, onError }),
  );
  const field = fieldBinder(form, { idPrefix: site ? `sitio-${site.id}-` : 'sitio-nuevo-' });
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          site ? update.mutate({ ...values, siteId: site.id }) : create.mutate(values),
        )(event)
      }
    >
      <InputField
        label="Nombre del lugar"
        placeholder="Depósito Paysandú"
        fieldClassName="sm:col-span-2"
        {...field('name')}
      />
      <InputField
        label="Calle y número"
        autoComplete="address-line1"
        fieldClassName="sm:col-span-2"
        {...field('street')}
      />
      <InputField label="Localidad" autoComplete="address-level2" {...field('locality')} />
      <DepartamentoField {...field('departamento')} />
      <InputField
        label="Código postal (opcional)"
        inputMode="numeric"
        autoComplete="postal-code"
        {...field('postalCode')}
      />
      <InputField
        label="Teléfono"
        type="tel"
        inputMode="tel"
        placeholder="099 123 456"
        {...field('phone')}
      />
      <InputField label="Persona de contacto (opcional)" {...field('contactName')} />
      <InputField
        label="Horario de entrega (opcional)"
        placeholder="Lunes a viernes de 9 a 17"
        {...field('hours')}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {site ? 'Guardar cambios' : 'Agregar lugar'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
