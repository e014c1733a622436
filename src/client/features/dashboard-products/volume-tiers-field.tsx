import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FieldError, InputField } from '@client/components/ui/form-field';
import { MAX_PRICE_TIERS } from '@shared/schemas/product';
import { arrayErrorMessage, type ProductForm } from './product-form-values';

/**
 * 'Precios por volumen' of one variant: from N units of a line, a percentage off its list
 * price, the same for every buyer and shown on the product page.
 */
export function VolumeTiersField({ form, index }: { form: ProductForm; index: number }) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `variants.${index}.tiers`,
  });
  const errors = form.formState.errors.variants?.[index]?.tiers;
  const id = (row: number, name: string) => `variant-${index}-tier-${row}-${name}`;

  return (
    <fieldset className="col-span-full flex flex-col gap-2">
      <legend className="text-sm font-medium">Precios por volumen</legend>
      {fields.length === 0 && (
        <p className="text-muted-foreground text-xs">
          Sin precios por volumen: se cotiza siempre al precio de lista.
        </p>
      )}
      {fields.map((field, row) => (
        <div
          key={field.id}
          role="group"
          aria-label={`Precio por volumen ${row + 1} de la variante ${index + 1}`}
          className="flex flex-wrap items-start gap-2"
        >
          <InputField
            label="Desde (unidades)"
            id={id(row, 'quantity')}
            type="number"
            inputMode="numeric"
            min={2}
            step={1}
            fullWidth={false}
            className="w-32"
            error={errors?.[row]?.minQuantity?.message}
            {...form.register(`variants.${index}.tiers.${row}.minQuantity`, {
              valueAsNumber: true,
            })}
          />
          <InputField
            label="Descuento %"
            id={id(row, 'percent')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="12,5"
            fullWidth={false}
            className="w-28"
            error={errors?.[row]?.percentOff?.message}
            {...form.register(`variants.${index}.tiers.${row}.percentOff`)}
          />
          <Button
            type="button"
            variant="ghost-destructive"
            className="mt-6"
            aria-label={`Quitar precio por volumen ${row + 1} de la variante ${index + 1}`}
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
