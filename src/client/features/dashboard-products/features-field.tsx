import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { ProductForm } from './product-form-values';

/** Feature bullets: added with Enter or the button, blank text ignored, each removable. */
export function FeaturesField({ form }: { form: ProductForm }) {
  const [draft, setDraft] = useState('');
  const features = useWatch({ control: form.control, name: 'features' });
  const errors = form.formState.errors.features;

  const add = () => {
    const text = draft.trim();
    if (!text) return;
    form.setValue('features', [...features, text], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    setDraft('');
  };
  const remove = (index: number) =>
    form.setValue(
      'features',
      features.filter((_, i) => i !== index),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="feature-draft">Características</Label>
      <div className="flex gap-2">
        <Input
          id="feature-draft"
          value={draft}
          placeholder="Ej.: Pantalla de 14 pulgadas"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter adds a feature instead of submitting the whole product.
            event.preventDefault();
            add();
          }}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" /> Añadir
        </Button>
      </div>
      {features.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-1.5" aria-label="Características del producto">
          {features.map((feature, index) => (
            <li key={`${index}-${feature}`} className="flex flex-col gap-1">
              <div className="border-border bg-muted/40 flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm">
                <span className="min-w-0 break-words">{feature}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-xs"
                  aria-label={`Quitar característica ${feature}`}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <FieldError message={errors?.[index]?.message} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">Aún no hay características.</p>
      )}
      <FieldError message={errors?.message ?? errors?.root?.message} />
    </div>
  );
}
