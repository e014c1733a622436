import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { PRICE_RULE_KIND_LABELS } from '@shared/pricing';
import { pricingMessages } from '@shared/pricing-messages';
import {
  PRICE_RULE_KINDS,
  type PriceRuleFormValues,
  priceRuleInputSchema,
} from '@shared/schemas/pricing';

type Kind = (typeof PRICE_RULE_KINDS)[number];
type Fields = {
  brandId: string;
  categoryId: string;
  sku: string;
  percentOff: string;
  fixedPrice: string;
  endsOn: string;
};
/** The fields the form shows a message under (the server's refusals name them the same). */
const RULE_FIELDS = ['brandId', 'categoryId', 'sku', 'percentOff', 'fixedPrice', 'endsOn'];
/** The rule's amount: a fixed price for one variant, a percentage off for anything wider. */
const AMOUNT_FIELDS = {
  fixed: { field: 'fixedPrice', id: 'price', label: 'Precio fijo (US$)', placeholder: '1.150,50' },
  percent: { field: 'percentOff', id: 'percent', label: 'Descuento %', placeholder: '12,5' },
} as const;
const EMPTY: Fields = {
  brandId: '',
  categoryId: '',
  sku: '',
  percentOff: '',
  fixedPrice: '',
  endsOn: '',
};

/** What the form sends for its kind: blank fields are left out, ids are numbers. */
function valuesOf(companyId: number, kind: Kind, fields: Fields): PriceRuleFormValues {
  return {
    companyId,
    kind,
    ...(kind === 'brand' && fields.brandId ? { brandId: Number(fields.brandId) } : {}),
    ...(kind === 'category' && fields.categoryId ? { categoryId: Number(fields.categoryId) } : {}),
    ...(kind === 'variant' ? { sku: fields.sku, fixedPrice: fields.fixedPrice } : {}),
    ...(kind !== 'variant' ? { percentOff: fields.percentOff } : {}),
    ...(fields.endsOn ? { endsOn: fields.endsOn } : {}),
  };
}

/** 'Agregar regla': what a rule applies to, its percentage or fixed price, its last day. */
export function PriceRuleForm({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = useQuery(trpc.admin.taxonomies.options.queryOptions());
  const [kind, setKind] = useState<Kind>('brand');
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const create = useMutation(
    trpc.admin.priceRules.create.mutationOptions({
      onSuccess: async () => {
        notify.success(pricingMessages.priceRuleAdded);
        setFields(EMPTY);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.priceRules.pathKey() });
      },
      // The forms' one path from a refusal: an unknown SKU, a past end date, a brand gone.
      onError: (error) =>
        showRefusal(
          {
            setError: (name, { message }) =>
              setErrors((current) => ({ ...current, [name]: message })),
          },
          error,
          { fields: RULE_FIELDS },
        ),
    }),
  );
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [key]: event.target.value });
  const id = (name: string) => `rule-${companyId}-${name}`;
  const amount = kind === 'variant' ? AMOUNT_FIELDS.fixed : AMOUNT_FIELDS.percent;

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = valuesOf(companyId, kind, fields);
    const parsed = priceRuleInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    create.mutate(values);
  }

  return (
    // Laid out by the card's width, not the window's: the company's page gives it one column
    // of two on wide screens.
    <div className="@container">
      <form
        onSubmit={submit}
        aria-label="Agregar regla de precio"
        className="grid gap-3 @md:grid-cols-2 @4xl:grid-cols-[12rem_minmax(0,1fr)_9rem_11rem_auto] @4xl:items-start"
      >
        <FormField label="Se aplica a" htmlFor={id('kind')}>
          <NativeSelect
            id={id('kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            {PRICE_RULE_KINDS.map((value) => (
              <option key={value} value={value}>
                {PRICE_RULE_KIND_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {kind === 'brand' || kind === 'category' ? (
          <FormField
            label={kind === 'brand' ? 'Marca' : 'Categoría'}
            htmlFor={id('target')}
            error={errors.brandId ?? errors.categoryId}
          >
            <NativeSelect
              id={id('target')}
              value={kind === 'brand' ? fields.brandId : fields.categoryId}
              onChange={set(kind === 'brand' ? 'brandId' : 'categoryId')}
              disabled={!options.data}
            >
              <option value="">
                {kind === 'brand' ? 'Elegí una marca' : 'Elegí una categoría'}
              </option>
              {(kind === 'brand' ? options.data?.brands : options.data?.categories)?.map(
                (entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ),
              )}
            </NativeSelect>
          </FormField>
        ) : kind === 'variant' ? (
          <InputField
            id={id('sku')}
            label="SKU del producto"
            placeholder="TD-000123"
            error={errors.sku}
            value={fields.sku}
            onChange={set('sku')}
          />
        ) : (
          <p className="text-muted-foreground self-center text-sm">Todos los productos</p>
        )}
        <InputField
          id={id(amount.id)}
          label={amount.label}
          inputMode="decimal"
          autoComplete="off"
          placeholder={amount.placeholder}
          error={errors[amount.field]}
          value={fields[amount.field]}
          onChange={set(amount.field)}
        />
        <InputField
          id={id('ends')}
          label="Vigente hasta (opcional)"
          type="date"
          error={errors.endsOn}
          value={fields.endsOn}
          onChange={set('endsOn')}
        />
        <Button type="submit" className="@4xl:mt-6" disabled={create.isPending}>
          Agregar regla
        </Button>
      </form>
    </div>
  );
}
