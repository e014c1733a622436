import { Plus, Trash2 } from 'lucide-react';
import { get, useFieldArray } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FieldError, InputField } from '@client/components/ui/form-field';
import { MAX_PRICE_TIERS } from '@shared/schemas/product';
import { arrayErrorMessage, type ProductForm } from './product-form-values';

type TierErrors = { minQuantity?: { message?: string }; percentOff?: { message?: string } }[];

/**
 * 'Precios por volumen': from N units of a line, a percentage off its list price, the same for
 * every buyer and shown on the product page. `index` is the variant's; without it the tiers are
 * the whole product's ('Para todas las variantes'; decision 093).
 */
export function VolumeTiersField({ form, index }: { form: ProductForm; index?: number }) {
  const name = index === undefined ? 'tiers' : (`variants.${index}.tiers` as const);
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const errors: (TierErrors & { message?: string }) | undefined = get(form.formState.errors, name);
  const scope = index === undefined ? 'product' : `variant-${index}`;
  const id = (row: number, field: string) => `${scope}-tier-${row}-${field}`;
  const whose = index === undefined ? 'de todas las variantes' : `de la variante ${index + 1}`;

  return (
    <fieldset className="col-span-full flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium">
        {index === undefined
          ? 'Precios por volumen para todas las variantes'
          : 'Precios por volumen'}
      </legend>
      {fields.length === 0 && (
        <p className="text-muted-foreground text-xs">
          Sin precios por volumen: se cotiza siempre al precio de lista.
        </p>
      )}
      {fields.map((field, row) => (
        <div
          key={field.id}
          role="group"
          aria-label={`Precio por volumen ${row + 1} ${whose}`}
          className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,6rem)_auto] items-start justify-start gap-2"
        >
          <InputField
            label="Desde (unidades)"
            id={id(row, 'quantity')}
            type="number"
            inputMode="numeric"
            min={2}
            step={1}
            // Columns of their own (the row is a grid): a message wraps under its field and never
            // pushes the other field or the remove button to another line, even at 360 px.
            error={errors?.[row]?.minQuantity?.message}
            {...form.register(`${name}.${row}.minQuantity`, { valueAsNumber: true })}
          />
          <InputField
            label="Descuento %"
            id={id(row, 'percent')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="12,5"
            error={errors?.[row]?.percentOff?.message}
            {...form.register(`${name}.${row}.percentOff`)}
          />
          <Button
            type="button"
            variant="ghost-destructive"
            className="mt-6"
            aria-label={`Quitar precio por volumen ${row + 1} ${whose}`}
            onClick={() => remove(row)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <FieldError message={arrayErrorMessage(errors)} />
      {fields.length < MAX_PRICE_TIERS && (
        <Button
          type="button"
          variant="link"
          size="flush-sm"
          className="self-start"
          onClick={() => append({ minQuantity: 10, percentOff: '5' })}
        >
          <Plus aria-hidden="true" /> Agregar precio por volumen
        </Button>
      )}
    </fieldset>
  );
}
