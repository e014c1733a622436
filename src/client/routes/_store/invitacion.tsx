import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '@client/features/company/invitation-page';
import { pageHead } from '@client/lib/seo';

// The token follows '#': the server renders the page without it, the browser reads it.
export const Route = createFileRoute('/_store/invitacion')({
  head: ({ matches }) =>
    pageHead(matches, { title: 'Invitación · Tienda', path: '/invitacion', noindex: true }),
  component: InvitationPage,
});
