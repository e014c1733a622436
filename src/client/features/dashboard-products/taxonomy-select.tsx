import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { IVA_RATE_LABELS, IVA_RATES } from '@shared/iva';
import type { ProductForm } from './product-form-values';

const FIELDS = {
  brandId: {
    label: 'Marca',
    id: 'product-brand',
    placeholder: 'Seleccioná una marca',
    list: 'brands',
  },
  categoryId: {
    label: 'Categoría',
    id: 'product-category',
    placeholder: 'Seleccioná una categoría',
    list: 'categories',
  },
} as const;

type Entry = { id: number; name: string };

/** The product's brand or category, by id; disabled until the lists have loaded. */
export function TaxonomySelect({
  form,
  name,
  options,
}: {
  form: ProductForm;
  name: keyof typeof FIELDS;
  options: Record<(typeof FIELDS)[keyof typeof FIELDS]['list'], Entry[]> | undefined;
}) {
  const { label, id, placeholder, list } = FIELDS[name];
  const error = form.formState.errors[name];
  return (
    <FormField label={label} htmlFor={id} error={error?.message}>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        disabled={!options}
        // The placeholder's '' is no id: the field stays unset and the schema says it is required.
        {...form.register(name, {
          setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
        })}
      >
        <option value="">{placeholder}</option>
        {options?.[list].map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The product's IVA: what its quotes and invoices charge (docs/decisions/088-iva-per-product.md). */
export function IvaRateSelect({ form }: { form: ProductForm }) {
  const error = form.formState.errors.ivaRate;
  return (
    <FormField label="IVA" htmlFor="product-iva-rate" error={error?.message}>
      <NativeSelect
        id="product-iva-rate"
        aria-invalid={error ? true : undefined}
        {...form.register('ivaRate')}
      >
        {IVA_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {IVA_RATE_LABELS[rate]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
