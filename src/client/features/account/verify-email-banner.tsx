import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { notify } from '@client/components/ui/toast';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages, unverifiedCapMessage } from '@shared/account-messages';

/** 'Confirmá tu correo' above every account page while the address is not confirmed. */
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
      className="mb-6 flex flex-col gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden="true" className="size-6 shrink-0 text-yellow-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-yellow-900">Confirmá tu correo</p>
        <p className="break-words text-yellow-900">
          Te enviamos un enlace a {security.email}.{' '}
          {security.heldUnitsCap ? unverifiedCapMessage(security.heldUnitsCap) : null}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isSuccess ? 'Enviado' : 'Reenviar'}
      </Button>
    </section>
  );
}
