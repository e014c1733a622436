import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { cn } from '@client/lib/cn';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';

/**
 * Newsletter sign-up of the footer (dark) and the home page (light),
 * docs/decisions/026-newsletter-subscriptions.md. This box is on every page's first load, so it
 * keeps plain state and fetches its zod schema (the same one the server uses) only when
 * submitted: zod and react-hook-form stay out of the first bundle. The server's refusal still
 * takes the forms' one path (showRefusal), with a setError of the same shape.
 */
export function NewsletterForm({ tone = 'light' }: { tone?: 'dark' | 'light' }) {
  const trpc = useTRPC();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = useMutation(
    trpc.contact.subscribe.mutationOptions({
      onSuccess: () => {
        setEmail('');
        notify.success(messages.newsletterSubscribed);
      },
      onError: (failure) =>
        showRefusal({ setError: (_email, { message }) => setError(message) }, failure, {
          fields: ['email'],
          fallback: messages.newsletterFailed,
        }),
    }),
  );
  const errorId = `${id}-error`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { newsletterInputSchema } = await import('@shared/schemas/newsletter');
    const parsed = newsletterInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    subscribe.mutate(parsed.data);
  }

  return (
    <form noValidate aria-label="Suscripción a novedades" onSubmit={(event) => void submit(event)}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Tu correo electrónico"
          aria-label="Correo para novedades"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          tone={tone}
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          disabled={subscribe.isPending}
          className={cn(tone === 'dark' && 'focus-visible:ring-offset-slate-950')}
        >
          {subscribe.isPending ? <Spinner size="sm" tone="current" /> : null}
          Suscribirme
        </Button>
      </div>
      <FieldError id={errorId} message={error} tone={tone} className="mt-2" />
    </form>
  );
}
