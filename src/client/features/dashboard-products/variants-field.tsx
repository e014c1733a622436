import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FieldError, FormField, InputField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { arrayErrorMessage, newVariant, type ProductForm } from './product-form-values';
import type { TierScope } from './tier-scope-field';
import { VolumeTiersField } from './volume-tiers-field';

const HEX6 = /^#[0-9a-f]{6}$/i;

/** A colour the browser can paint (hex, rgb(), hsl(), named); anything else shows no colour. */
const chipColour = (color: string) =>
  typeof CSS !== 'undefined' && CSS.supports('color', color) ? color : 'transparent';

/** The native picker speaks only #rrggbb: expand #rgb; it starts from black for rgb()/hsl(). */
const pickerValue = (color: string) => {
  if (HEX6.test(color)) return color;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : '#000000';
};

export function VariantsField({ form, tierScope }: { form: ProductForm; tierScope: TierScope }) {
  // keyName keeps React's row key apart from the variant's own database id.
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'variants',
    keyName: 'fieldKey',
  });
  const errors = form.formState.errors.variants;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Variantes</legend>
      {fields.map((field, index) => (
        <VariantRow
          key={field.fieldKey}
          form={form}
          index={index}
          hasOwnTiers={tierScope === 'variant'}
          onRemove={() => remove(index)}
        />
      ))}
      <FieldError message={arrayErrorMessage(errors)} />
      <Button
        type="button"
        variant="outline"
        className="self-start"
        onClick={() => append(newVariant())}
      >
        <Plus aria-hidden="true" /> Agregar variante
      </Button>
    </fieldset>
  );
}

function VariantRow({
  form,
  index,
  hasOwnTiers,
  onRemove,
}: {
  form: ProductForm;
  index: number;
  /** 'Por variante': each row edits its own; otherwise they are the whole product's, below. */
  hasOwnTiers: boolean;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.variants?.[index];
  const color = useWatch({ control: form.control, name: `variants.${index}.color` }) ?? '';
  const id = (name: string) => `variant-${index}-${name}`;
  const revalidate = form.formState.isSubmitted;

  return (
    <div
      role="group"
      aria-label={`Variante ${index + 1}`}
      className="border-border bg-muted/30 grid grid-cols-2 gap-3 rounded-lg border p-3 sm:grid-cols-[6rem_8rem_minmax(0,1fr)] lg:grid-cols-[5.5rem_7.5rem_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-start"
    >
      <InputField
        label="Stock"
        error={errors?.stock?.message}
        id={id('stock')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...form.register(`variants.${index}.stock`, { valueAsNumber: true })}
      />
      {/* Text, as a person in Uruguay types it ('1.150,50'): the schema reads it
          (src/shared/money-input.ts); a number input would refuse the comma. */}
      <InputField
        label="Precio (US$)"
        error={errors?.price?.message}
        id={id('price')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="1.150,50"
        {...form.register(`variants.${index}.price`)}
      />
      <InputField
        label="Almacenamiento"
        error={errors?.storage?.message}
        fieldClassName="col-span-2 sm:col-span-1"
        id={id('storage')}
        placeholder="Ej.: 512 GB"
        {...form.register(`variants.${index}.storage`)}
      />
      <FormField
        label="Color"
        htmlFor={id('color')}
        error={errors?.color?.message}
        className="col-span-2 sm:col-span-1"
      >
        <div className="flex gap-2">
          {/* The chip paints the typed value itself: the native picker would show black for
              any value it cannot read (rgb(), hsl()); the picker sits invisibly on top. */}
          <span
            data-testid={`color-chip-${index}`}
            className="border-input focus-within:ring-ring relative h-10 w-12 shrink-0 rounded-md border bg-white p-1 focus-within:ring-2"
          >
            <span
              className="block size-full rounded-sm"
              style={{ backgroundColor: chipColour(color) }}
            />
            <input
              type="color"
              aria-label={`Elegir color de la variante ${index + 1}`}
              value={pickerValue(color)}
              onChange={(event) =>
                form.setValue(`variants.${index}.color`, event.target.value, {
                  shouldDirty: true,
                  shouldValidate: revalidate,
                })
              }
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
          </span>
          <Input
            id={id('color')}
            placeholder="#000000"
            aria-invalid={errors?.color ? true : undefined}
            {...form.register(`variants.${index}.color`)}
          />
        </div>
      </FormField>
      <InputField
        label="Nombre del color"
        error={errors?.colorName?.message}
        fieldClassName="col-span-2 sm:col-span-1"
        id={id('color-name')}
        placeholder="Ej.: Negro"
        {...form.register(`variants.${index}.colorName`)}
      />
      <div className="col-span-2 flex justify-end sm:col-span-1 lg:pt-6">
        <Button
          type="button"
          variant="ghost-destructive"
          aria-label={`Eliminar variante ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          <span className="lg:sr-only">Eliminar variante</span>
        </Button>
      </div>
      {/* Codes on a row of their own, so the first row keeps its columns at every width. */}
      <div className="col-span-full grid gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_minmax(0,18rem)]">
        <InputField
          label="SKU"
          error={errors?.sku?.message}
          id={id('sku')}
          placeholder="Automático (TD-…)"
          {...form.register(`variants.${index}.sku`)}
        />
        <InputField
          label="MPN (opcional)"
          error={errors?.mpn?.message}
          id={id('mpn')}
          placeholder="Código del fabricante"
          {...form.register(`variants.${index}.mpn`)}
        />
      </div>
      {hasOwnTiers && <VolumeTiersField form={form} index={index} />}
    </div>
  );
}
