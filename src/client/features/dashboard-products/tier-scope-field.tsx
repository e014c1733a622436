import { useRef } from 'react';
import { RadioCard } from '@client/components/ui/radio-card';
import type { ProductForm, ProductFormValues } from './product-form-values';
import { VolumeTiersField } from './volume-tiers-field';

/** Whose volume prices the form edits: the whole product's or each variant's (decision 093). */
export type TierScope = 'product' | 'variant';

const SCOPES: { scope: TierScope; label: string; hint: string }[] = [
  {
    scope: 'product',
    label: 'Para todas las variantes',
    hint: 'Los mismos descuentos por cantidad en cada variante.',
  },
  {
    scope: 'variant',
    label: 'Por variante',
    hint: 'Cada variante con sus propios descuentos, en su fila.',
  },
];

/** A new product starts with one set for all; a stored one opens where its tiers are. */
export function initialTierScope(values: ProductFormValues): TierScope {
  const hasVariantTiers = values.variants.some((variant) => (variant.tiers ?? []).length > 0);
  return hasVariantTiers && (values.tiers ?? []).length === 0 ? 'variant' : 'product';
}

type Tiers = NonNullable<ProductFormValues['tiers']>;

/**
 * The choice and, for the whole product, its tiers. The form saves one kind only: choosing one
 * empties the other before saving (the server would let a variant's own tiers replace the
 * product's), and keeps what was typed there in case staff switch back before saving.
 */
export function TierScopeField({
  form,
  scope,
  onScopeChange,
}: {
  form: ProductForm;
  scope: TierScope;
  onScopeChange: (scope: TierScope) => void;
}) {
  const stashed = useRef<{ product: Tiers; variants: Map<number, Tiers> }>({
    product: [],
    variants: new Map(),
  });

  const pick = (next: TierScope) => {
    if (next === scope) return;
    const values = form.getValues();
    if (next === 'variant') {
      stashed.current.product = values.tiers ?? [];
      form.setValue('tiers', [], { shouldDirty: true });
      values.variants.forEach((_, index) =>
        form.setValue(`variants.${index}.tiers`, stashed.current.variants.get(index) ?? []),
      );
    } else {
      values.variants.forEach((variant, index) => {
        stashed.current.variants.set(index, variant.tiers ?? []);
        form.setValue(`variants.${index}.tiers`, [], { shouldDirty: true });
      });
      form.setValue('tiers', stashed.current.product);
    }
    form.clearErrors();
    onScopeChange(next);
  };

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium">Precios por volumen</legend>
      <div role="radiogroup" aria-label="Precios por volumen" className="grid gap-2 sm:grid-cols-2">
        {SCOPES.map((option) => (
          <RadioCard
            key={option.scope}
            id={`tier-scope-${option.scope}`}
            name="tier-scope"
            value={option.scope}
            isChecked={scope === option.scope}
            onSelect={() => pick(option.scope)}
            title={option.label}
            hint={option.hint}
          />
        ))}
      </div>
      {scope === 'product' ? (
        <VolumeTiersField form={form} />
      ) : (
        <p className="text-muted-foreground text-xs">
          Cargá los precios por volumen en cada variante, arriba.
        </p>
      )}
    </fieldset>
  );
}
