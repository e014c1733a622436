import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField, PhoneField } from '@client/components/ui/contact-input-fields';
import { TextareaField } from '@client/components/ui/textarea-field';
import { fieldBinder } from '@client/lib/form-fields';
import {
  type QuoteContact,
  type QuoteContactFormValues,
  quoteContactSchema,
} from '@shared/schemas/order';
import { CompanyFields } from '@client/components/company-fields';
import { CheckoutDelivery } from './checkout-delivery';

export type QuoteContactForm = UseFormReturn<QuoteContactFormValues, unknown, QuoteContact>;

/** The contact form of the checkout; the page hands it to the request, which marks its fields. */
export function useQuoteContactForm(defaults: { email: string; phone: string }): QuoteContactForm {
  return useForm<QuoteContactFormValues, unknown, QuoteContact>({
    resolver: zodResolver(quoteContactSchema),
    defaultValues: {
      ...defaults,
      message: '',
      companyName: '',
      rut: '',
      // The delivery supersedes the free shipping address of older orders (decision 081).
      delivery: { method: 'pickup' },
    },
  });
}

type QuoteFormProps = {
  form: QuoteContactForm;
  isSending: boolean;
  /** Why the quote cannot be sent yet (lines to remove); the button waits for it to clear. */
  blockedReason?: string;
  onSubmit: (contact: QuoteContact) => void;
};

export function QuoteForm({ form, isSending, blockedReason, onSubmit }: QuoteFormProps) {
  const field = fieldBinder(form);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Datos de contacto</CardTitle>
        <p className="text-muted-foreground text-sm">
          Un agente te enviará la cotización y coordinará la entrega.
        </p>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        >
          <EmailField label="Correo electrónico" {...field('email')} />
          <PhoneField label="Teléfono (opcional)" {...field('phone')} />
          <CompanyFields field={field} />
          <TextareaField
            label="Mensaje (opcional)"
            rows={4}
            placeholder="Cantidades por volumen, plazos de entrega, facturación..."
            {...field('message')}
          />

          <Controller
            control={form.control}
            name="delivery"
            render={({ field: delivery, fieldState }) => (
              <CheckoutDelivery
                value={delivery.value ?? { method: 'pickup' }}
                onChange={delivery.onChange}
                errors={fieldState.error}
              />
            )}
          />

          {blockedReason && (
            <p role="alert" className="text-destructive text-sm font-medium">
              {blockedReason}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={isSending || blockedReason !== undefined}
          >
            {isSending ? 'Enviando...' : 'Solicitar Cotización'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
