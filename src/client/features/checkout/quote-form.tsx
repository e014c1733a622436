import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, MapPin } from 'lucide-react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField, PhoneField } from '@client/components/ui/contact-input-fields';
import { TextareaField } from '@client/components/ui/textarea-field';
import { cn } from '@client/lib/cn';
import { fieldBinder } from '@client/lib/form-fields';
import {
  emptyAddressFields,
  type QuoteContact,
  type QuoteContactFormValues,
  quoteContactSchema,
} from '@shared/schemas/order';
import { CompanyFields } from '@client/components/company-fields';
import { AddressFields } from './address-fields';

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
      address: emptyAddressFields,
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
  const [isAddressOpen, setAddressOpen] = useState(false);
  const { errors } = form.formState;
  const field = fieldBinder(form);

  const toggleAddress = () => {
    // Closing the section discards the address: the order is then sent without one.
    if (isAddressOpen) form.setValue('address', emptyAddressFields);
    form.clearErrors('address');
    setAddressOpen(!isAddressOpen);
  };

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

          <div className="border-border rounded-md border">
            <button
              type="button"
              className="focus-visible:ring-ring flex w-full items-center justify-between gap-2 rounded-md px-4 py-3 text-left text-sm font-medium focus-visible:ring-2 focus-visible:outline-none"
              aria-expanded={isAddressOpen}
              aria-controls="direccion-envio"
              onClick={toggleAddress}
            >
              <span className="flex items-center gap-2">
                <MapPin className="text-primary size-4" aria-hidden="true" />
                Dirección de envío (opcional)
              </span>
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 transition-transform', isAddressOpen && 'rotate-180')}
              />
            </button>
            {isAddressOpen && (
              <div id="direccion-envio" className="border-border border-t p-4">
                <AddressFields register={form.register} errors={errors.address} />
              </div>
            )}
          </div>

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
