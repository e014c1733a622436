import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, LinkIcon } from 'lucide-react';
import { NoticeCard } from '@client/components/notice-card';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useMe } from '@client/lib/session';
import { forgetHashToken, REMEMBERED_INVITATION, useHashToken } from '@client/lib/use-hash-token';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';

/**
 * The invitation's link: the company and the address invited; 'Unirme' for the account with
 * that address, or signing in / registering first (and coming back here).
 */
export function InvitationPage() {
  const trpc = useTRPC();
  const token = useHashToken(REMEMBERED_INVITATION);
  const { data: me } = useMe();
  const invitation = useQuery({
    ...trpc.invitations.get.queryOptions({ token: token ?? '' }),
    enabled: Boolean(token),
  });

  if (token === undefined || (token && invitation.isPending)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" />
      </div>
    );
  }
  if (!token || invitation.isError) {
    return (
      <NoticeCard width="lg" icon={LinkIcon} title="Invitación no válida" tone="destructive">
        <p>
          {invitation.isError ? errorMessage(invitation.error) : accountMessages.invitationInvalid}
        </p>
      </NoticeCard>
    );
  }
  const { companyName, email, inviterName } = invitation.data!;
  const isOtherAccount = me && me.email !== email;
  return (
    <NoticeCard width="lg" icon={Building2} title={`Te invitaron a ${companyName}`}>
      <p>
        {inviterName ? `${inviterName} te invitó` : 'Te invitaron'} a unirte a {companyName} para
        pedir cotizaciones y ver los pedidos de la empresa.
      </p>
      <p>
        La invitación es para <strong className="text-foreground break-all">{email}</strong>.
      </p>
      {!me && (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/login" search={{ redirect: '/invitacion' }}>
              Iniciar sesión
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/registro" search={{ redirect: '/invitacion' }} hash={token}>
              Crear cuenta
            </Link>
          </Button>
        </div>
      )}
      {isOtherAccount && (
        <p className="text-destructive" role="alert">
          {accountMessages.invitationOtherEmail}
        </p>
      )}
      {me && !isOtherAccount && <JoinButton token={token} />}
    </NoticeCard>
  );
}

function JoinButton({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: async ({ companyName }) => {
        forgetHashToken(REMEMBERED_INVITATION);
        notify.success(`${accountMessages.invitationAccepted}: ${companyName}`);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
        await navigate({ to: '/account/pedidos', search: { vista: 'empresa' } });
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Button disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
      Unirme a la empresa
    </Button>
  );
}
