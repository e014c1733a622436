import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { PRICE_RULE_KIND_LABELS } from '@shared/pricing';
import { pricingMessages } from '@shared/pricing-messages';
import {
  PRICE_RULE_KINDS,
  type PriceRuleFormValues,
  type PriceRuleInput,
  type PriceRuleKind,
  priceRuleInputSchema,
} from '@shared/schemas/pricing';

/** The rule's amount: a fixed price for one variant, a percentage off for anything wider. */
const AMOUNT_FIELDS = {
  fixed: { field: 'fixedPrice', label: 'Precio fijo (US$)', placeholder: '1.150,50' },
  percent: { field: 'percentOff', label: 'Descuento %', placeholder: '12,5' },
} as const;

/** A select's or a date's '' is no value: the field stays unset and the schema says so. */
const unlessEmpty =
  <T,>(read: (value: string) => T) =>
  (value: string) =>
    value === '' ? undefined : read(value);

/**
 * An empty form of `kind`. It holds the text fields of every kind, which no one kind's shape
 * has: hence the cast.
 */
const blank = (companyId: number, kind: PriceRuleKind = 'brand') =>
  ({ companyId, kind, sku: '', percentOff: '', fixedPrice: '' }) as PriceRuleFormValues;

/**
 * 'Agregar regla': what a rule applies to, its percentage or fixed price, its last day. One
 * schema per kind (schemas/pricing.ts), the same the procedure checks; the fields of the kinds
 * not chosen stay in the form, for a change of mind, and the schema drops them.
 */
export function PriceRuleForm({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = useQuery(trpc.admin.taxonomies.options.queryOptions());
  const form = useForm<PriceRuleFormValues, unknown, PriceRuleInput>({
    resolver: zodResolver(priceRuleInputSchema),
    defaultValues: blank(companyId),
  });
  const field = fieldBinder(form, { idPrefix: `rule-${companyId}-` });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const create = useMutation(
    trpc.admin.priceRules.create.mutationOptions({
      onSuccess: async () => {
        notify.success(pricingMessages.priceRuleAdded);
        form.reset(blank(companyId, kind));
        await queryClient.invalidateQueries({ queryKey: trpc.admin.priceRules.pathKey() });
      },
      // An unknown SKU, a past end date, a brand gone: under their fields.
      onError: (error) => showRefusal(form, error),
    }),
  );
  const amount = kind === 'variant' ? AMOUNT_FIELDS.fixed : AMOUNT_FIELDS.percent;
  const target = kind === 'brand' || kind === 'category' ? kind : undefined;
  const { error: targetError, ...targetField } = field(
    target === 'brand' ? 'brandId' : 'categoryId',
    { setValueAs: unlessEmpty(Number) },
  );

  return (
    // Laid out by the card's width, not the window's: the company's page gives it one column
    // of two on wide screens.
    <div className="@container">
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
        aria-label="Agregar regla de precio"
        className="grid gap-3 @md:grid-cols-2 @4xl:grid-cols-[12rem_minmax(0,1fr)_9rem_11rem_auto] @4xl:items-start"
      >
        <FormField label="Se aplica a" htmlFor={`rule-${companyId}-kind`}>
          <NativeSelect id={`rule-${companyId}-kind`} {...form.register('kind')}>
            {PRICE_RULE_KINDS.map((value) => (
              <option key={value} value={value}>
                {PRICE_RULE_KIND_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {target ? (
          <FormField
            key={target}
            label={target === 'brand' ? 'Marca' : 'Categoría'}
            htmlFor={targetField.id}
            error={targetError}
          >
            <NativeSelect
              aria-invalid={targetError ? true : undefined}
              aria-describedby={targetError ? `${targetField.id}-error` : undefined}
              disabled={!options.data}
              {...targetField}
            >
              <option value="">
                {target === 'brand' ? 'Elegí una marca' : 'Elegí una categoría'}
              </option>
              {(target === 'brand' ? options.data?.brands : options.data?.categories)?.map(
                (entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ),
              )}
            </NativeSelect>
          </FormField>
        ) : kind === 'variant' ? (
          <InputField label="SKU del producto" placeholder="TD-000123" {...field('sku')} />
        ) : (
          <p className="text-muted-foreground self-center text-sm">Todos los productos</p>
        )}
        <InputField
          key={amount.field}
          label={amount.label}
          inputMode="decimal"
          autoComplete="off"
          placeholder={amount.placeholder}
          {...field(amount.field)}
        />
        <InputField
          label="Vigente hasta (opcional)"
          type="date"
          {...field('endsOn', { setValueAs: unlessEmpty(String) })}
        />
        <Button type="submit" className="@4xl:mt-6" disabled={create.isPending}>
          Agregar regla
        </Button>
      </form>
    </div>
  );
}
