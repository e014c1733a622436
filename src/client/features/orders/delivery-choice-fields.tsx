import { type ReactNode, useEffect } from 'react';
import { Truck } from 'lucide-react';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldError, FormField, InputField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { RadioCard } from '@client/components/ui/radio-card';
import {
  AGENCIES,
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHODS,
  FREIGHT_COLLECT_LABEL,
  OTHER_AGENCY,
  type DeliveryMethod,
} from '@shared/delivery';
import type { DeliveryChoiceFormValues } from '@shared/schemas/fulfilment';
import { departamentoName } from '@shared/schemas/uy-address';

export type SiteOption = {
  id: number;
  name: string;
  street: string;
  locality: string;
  departamento: string;
  isDefault: boolean;
};

export type DeliveryChoiceErrors = Partial<
  Record<'method' | 'siteId' | 'agency' | 'agencyName', string>
>;

const HINTS: Record<DeliveryMethod, string> = {
  pickup: 'Pasás a buscarlo por nuestro local.',
  courier: 'Lo llevamos con nuestro reparto.',
  agency: 'Lo despachamos por agencia desde Tres Cruces.',
};

const siteLabel = (site: SiteOption) =>
  `${site.name} — ${site.street}, ${site.locality} (${departamentoName(site.departamento)})`;

/**
 * How the order reaches the buyer: 'Retiro en el local', 'Envío en Montevideo' or 'Agencia al
 * interior' with its agency, and a site of the buyer's book
 * (docs/decisions/081-address-book-and-delivery-choice.md). Controlled: the checkout holds it in
 * its form, the revision editor in its state.
 */
export function DeliveryChoiceFields({
  idPrefix,
  value,
  onChange,
  sites,
  errors = {},
  noSites,
}: {
  idPrefix: string;
  value: DeliveryChoiceFormValues;
  onChange: (value: DeliveryChoiceFormValues) => void;
  sites: SiteOption[];
  errors?: DeliveryChoiceErrors;
  /** What to say (and offer) when the book is empty and a site is needed. */
  noSites?: ReactNode;
}) {
  const defaultSite = sites.find((site) => site.isDefault) ?? sites[0];
  const pick = (method: DeliveryMethod) =>
    onChange({
      ...value,
      method,
      // A site is needed from now on: the book's default, unless one was picked before.
      siteId: method === 'pickup' ? value.siteId : (value.siteId ?? defaultSite?.id),
    });
  const needsSite = value.method !== 'pickup';
  // The book may arrive after the method was picked: its default then fills the empty choice.
  const missingSite = needsSite && value.siteId === undefined ? defaultSite?.id : undefined;
  useEffect(() => {
    if (missingSite !== undefined) onChange({ ...value, siteId: missingSite });
  }, [missingSite]); // eslint-disable-line react-hooks/exhaustive-deps -- only when it appears
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 flex items-center gap-2 text-sm font-medium">
        <Truck className="text-primary size-4" aria-hidden="true" /> Entrega
      </legend>
      <div role="radiogroup" className="grid gap-2 sm:grid-cols-3">
        {DELIVERY_METHODS.map((method) => (
          <RadioCard
            key={method}
            id={`${idPrefix}metodo-${method}`}
            name={`${idPrefix}metodo`}
            value={method}
            isChecked={value.method === method}
            onSelect={() => pick(method)}
            title={DELIVERY_METHOD_LABELS[method]}
            hint={HINTS[method]}
          />
        ))}
      </div>
      <FieldError message={errors.method} />
      {needsSite &&
        (sites.length === 0 ? (
          <div className="space-y-1 text-sm">
            {noSites}
            <FieldError message={errors.siteId} />
          </div>
        ) : (
          <FormField label="Lugar de entrega" htmlFor={`${idPrefix}sitio`} error={errors.siteId}>
            <NativeSelect
              id={`${idPrefix}sitio`}
              value={value.siteId ?? ''}
              aria-invalid={errors.siteId ? true : undefined}
              onChange={(event) =>
                onChange({
                  ...value,
                  siteId: event.target.value ? Number(event.target.value) : undefined,
                })
              }
            >
              <option value="">Elegí un lugar</option>
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {siteLabel(site)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ))}
      {value.method === 'agency' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Agencia" htmlFor={`${idPrefix}agencia`} error={errors.agency}>
            <NativeSelect
              id={`${idPrefix}agencia`}
              value={value.agency ?? ''}
              aria-invalid={errors.agency ? true : undefined}
              onChange={(event) =>
                onChange({
                  ...value,
                  agency: AGENCIES.find((agency) => agency === event.target.value),
                })
              }
            >
              <option value="">Elegí la agencia</option>
              {AGENCIES.map((agency) => (
                <option key={agency} value={agency}>
                  {agency}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {value.agency === OTHER_AGENCY && (
            <InputField
              id={`${idPrefix}agencia-nombre`}
              label="Nombre de la agencia"
              error={errors.agencyName}
              value={value.agencyName ?? ''}
              onChange={(event) => onChange({ ...value, agencyName: event.target.value })}
            />
          )}
          <div className="flex items-center gap-2 sm:col-span-2">
            <Checkbox
              id={`${idPrefix}flete`}
              checked={value.freightCollect === true}
              onCheckedChange={(checked) =>
                onChange({ ...value, freightCollect: checked === true })
              }
            />
            <Label htmlFor={`${idPrefix}flete`} weight="normal" className="cursor-pointer">
              {FREIGHT_COLLECT_LABEL}
            </Label>
          </div>
        </div>
      )}
    </fieldset>
  );
}
