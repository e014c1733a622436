import { createFileRoute } from '@tanstack/react-router';
import { visitorPage } from '@client/features/auth/guards';
import { RegisterPage } from '@client/features/auth/register-page';
import { REMEMBERED_INVITATION, useHashToken } from '@client/lib/use-hash-token';

/** Where a company invitation sends whoever signs up from it. */
const INVITATION_PAGE = '/invitacion';

export const Route = createFileRoute('/_store/registro')({
  ...visitorPage({ title: 'Crear cuenta · Tienda', path: '/registro' }),
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch();
    // From an invitation the token follows '#' ('Crear cuenta'), or waits in the tab when the
    // visitor went through the login page first.
    const token = useHashToken(redirect === INVITATION_PAGE ? REMEMBERED_INVITATION : undefined);
    const invitationToken = redirect === INVITATION_PAGE ? token : null;
    return <RegisterPage redirectTo={redirect} invitationToken={invitationToken} />;
  },
});
