import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/errors';
import { useHashToken } from '@client/lib/use-hash-token';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { AuthNotice } from './auth-card';

/** The link of 'Confirmá tu correo': confirmed as soon as the page opens it. */
export function ConfirmEmailPage() {
  const trpc = useTRPC();
  const token = useHashToken();
  const confirm = useMutation(trpc.auth.confirmEmail.mutationOptions());
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  if (token === null || confirm.isError) {
    return (
      <AuthNoticeLink
        ok={false}
        text={confirm.isError ? errorMessage(confirm.error) : accountMessages.verifyLinkInvalid}
      />
    );
  }
  if (!confirm.isSuccess) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" />
      </div>
    );
  }
  return <AuthNoticeLink ok text={`${accountMessages.emailVerified} (${confirm.data.email})`} />;
}

function AuthNoticeLink({ ok, text }: { ok: boolean; text: string }) {
  return (
    <AuthNotice
      icon={ok ? CircleCheck : LinkIcon}
      title={ok ? 'Correo confirmado' : 'Enlace no válido'}
      tone={ok ? 'default' : 'destructive'}
    >
      <p>{text}</p>
      <Link to="/account/seguridad" className="text-primary hover:underline">
        Ir a mi cuenta
      </Link>
    </AuthNotice>
  );
}
