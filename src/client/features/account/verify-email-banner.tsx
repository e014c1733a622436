import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages, unverifiedCapMessage } from '@shared/account-messages';

/**
 * 'Confirmá tu correo' above every account page while the address is not confirmed. On a phone
 * it is one line (the address and the cap are on 'Acceso y seguridad'), so an order's quote
 * stays above the fold.
 */
export function VerifyEmailBanner() {
  const trpc = useTRPC();
  const { data: security } = useQuery(trpc.account.security.get.queryOptions());
  const resend = useMutation(
    trpc.account.security.resendVerification.mutationOptions({
      onSuccess: () => notify.success(accountMessages.verificationSent),
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  if (!security || security.isVerified) return null;
  return (
    <section
      aria-label="Confirmá tu correo"
      className="mb-4 flex items-center gap-3 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 sm:mb-6 sm:p-4"
    >
      <MailWarning aria-hidden="true" className="hidden size-6 shrink-0 text-yellow-700 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-yellow-900">Confirmá tu correo</p>
        <p className="hidden break-words text-yellow-900 sm:block">
          Te enviamos un enlace a {security.email}.{' '}
          {security.heldUnitsCap ? unverifiedCapMessage(security.heldUnitsCap) : null}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isSuccess ? 'Enviado' : 'Reenviar'}
      </Button>
    </section>
  );
}
