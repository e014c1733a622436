import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/components/ui/toast';
import { cn } from '@client/lib/cn';
import { errorMessage, fieldErrors } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/messages';
import { type NewsletterInput, newsletterInputSchema } from '@shared/schemas/contact';

/** Newsletter sign-up of the footer (dark) and the home page (light), DECISIONS 6. */
export function NewsletterForm({ tone = 'light' }: { tone?: 'dark' | 'light' }) {
  const trpc = useTRPC();
  const id = useId();
  const form = useForm<NewsletterInput>({
    resolver: zodResolver(newsletterInputSchema),
    defaultValues: { email: '' },
  });
  const subscribe = useMutation(
    trpc.contact.subscribe.mutationOptions({
      onSuccess: () => {
        form.reset({ email: '' });
        notify.success(messages.newsletterSubscribed);
      },
      onError: (error) => {
        const message = fieldErrors(error).email?.[0];
        if (message) form.setError('email', { message });
        else notify.error(errorMessage(error, messages.newsletterFailed));
      },
    }),
  );
  const error = form.formState.errors.email?.message;
  const errorId = `${id}-error`;

  return (
    <form
      noValidate
      aria-label="Suscripción a novedades"
      onSubmit={form.handleSubmit((values) => subscribe.mutate(values))}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          type="email"
          autoComplete="email"
          placeholder="Su correo electrónico"
          aria-label="Correo para novedades"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'min-w-0 flex-1',
            tone === 'dark' &&
              'border-slate-700 bg-slate-900 text-white placeholder:text-slate-400 focus-visible:ring-offset-slate-950',
          )}
          {...form.register('email')}
        />
        <Button
          type="submit"
          disabled={subscribe.isPending}
          className={cn(tone === 'dark' && 'focus-visible:ring-offset-slate-950')}
        >
          {subscribe.isPending ? <Spinner size="sm" className="text-current" /> : null}
          Suscribirme
        </Button>
      </div>
      <FieldError
        id={errorId}
        message={error}
        className={cn('mt-2', tone === 'dark' && 'text-red-300')}
      />
    </form>
  );
}
