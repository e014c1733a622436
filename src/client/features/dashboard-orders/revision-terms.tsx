import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import type { useTextInput } from '@client/lib/use-text-input';
import { pesosTotalText } from '@shared/quote-math';
import { revisionInputSchema } from '@shared/schemas/quote';
import { STORE_TERMS_MAX, STORE_WARRANTY_MAX } from '@shared/schemas/store-profile';

type TextInput = ReturnType<typeof useTextInput>;
export type RevisionTermsInputs = {
  paymentTerms: TextInput;
  deliveryTerms: TextInput;
  warranty: TextInput;
  exchangeRate: TextInput;
};

/**
 * 'Forma de pago', 'Plazo de entrega', 'Garantía' (the store's defaults, changeable for this
 * revision) and the optional exchange rate of the total in pesos, with its preview.
 */
export function RevisionTerms({
  inputs,
  total,
  errors,
}: {
  inputs: RevisionTermsInputs;
  /** The revision's total as the preview computed it ('251.76'), if its lines are valid. */
  total: string | undefined;
  /** The server's messages under these fields (react-hook-form's errors of the editor). */
  errors: { [Key in keyof RevisionTermsInputs]?: { message?: string } };
}) {
  const rate = revisionInputSchema.shape.exchangeRate.safeParse(inputs.exchangeRate.value);
  const pesos = total && rate.success && rate.data ? pesosTotalText(total, rate.data) : undefined;
  return (
    <div className="space-y-4">
      <TextareaField
        label="Forma de pago"
        id="revision-payment"
        rows={2}
        maxLength={STORE_TERMS_MAX}
        error={errors.paymentTerms?.message}
        {...inputs.paymentTerms.props}
      />
      <TextareaField
        label="Plazo de entrega"
        id="revision-delivery"
        rows={2}
        maxLength={STORE_TERMS_MAX}
        error={errors.deliveryTerms?.message}
        {...inputs.deliveryTerms.props}
      />
      <TextareaField
        label="Garantía"
        id="revision-warranty"
        rows={2}
        maxLength={STORE_WARRANTY_MAX}
        error={errors.warranty?.message}
        {...inputs.warranty.props}
      />
      <InputField
        label="Tipo de cambio (opcional)"
        id="revision-rate"
        inputMode="decimal"
        placeholder="39.50"
        hint={pesos ?? 'Pesos por dólar, para mostrar también el total en pesos uruguayos.'}
        error={errors.exchangeRate?.message}
        {...inputs.exchangeRate.props}
      />
    </div>
  );
}
