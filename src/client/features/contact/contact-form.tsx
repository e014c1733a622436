import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { EmailField, PhoneField } from '@client/components/ui/contact-input-fields';
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { TextareaField } from '@client/components/ui/textarea-field';
import { useMe } from '@client/lib/session';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import {
  type ContactFormValues,
  type ContactInput,
  contactInputSchema,
} from '@shared/schemas/contact';

export function ContactForm() {
  const trpc = useTRPC();
  const { data: me } = useMe();
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { name: '', email: '', phone: '', message: '', website: '' },
  });
  const field = fieldBinder(form, { idPrefix: 'contact-' });

  // The session may arrive after the first render: prefill only what the visitor left empty.
  useEffect(() => {
    if (!me) return;
    if (!form.getValues('email')) form.setValue('email', me.email);
    if (me.fullName && !form.getValues('name')) form.setValue('name', me.fullName);
    if (me.phone && !form.getValues('phone')) form.setValue('phone', me.phone);
  }, [me, form]);

  const send = useMutation(
    trpc.contact.send.mutationOptions({
      onError: (error) => showRefusal(form, error, { fallback: messages.contactFailed }),
    }),
  );

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-10 text-center sm:py-14">
        <CheckCircle2 className="text-success size-14" aria-hidden="true" />
        <h2 className="text-2xl font-semibold">{messages.contactSent}</h2>
        <p className="text-muted-foreground max-w-sm">
          Recibimos tu consulta. Un integrante de nuestro equipo te responderá a la brevedad.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Volver al inicio</Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      onSubmit={(event) => void form.handleSubmit((values) => send.mutate(values))(event)}
    >
      <InputField
        label="Nombre Completo o Empresa"
        fieldClassName="sm:col-span-2"
        autoComplete="name"
        {...field('name')}
      />
      <EmailField label="Correo Electrónico" {...field('email')} />
      <PhoneField
        label={
          <>
            Teléfono <span className="text-muted-foreground font-normal">(opcional)</span>
          </>
        }
        {...field('phone')}
      />
      <TextareaField
        label="Mensaje"
        fieldClassName="sm:col-span-2"
        rows={6}
        {...field('message')}
      />
      {/* Honeypot: off-screen and skipped by keyboard and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Sitio web</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? (
            <>
              <Spinner size="sm" tone="current" label="Enviando" />
              Enviando...
            </>
          ) : (
            <>
              <Send aria-hidden="true" />
              Enviar
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
