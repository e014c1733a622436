import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '@client/features/auth/confirm-email-page';
import { pageHead } from '@client/lib/seo';

// The token follows '#': the server renders the page without it, the browser reads it.
export const Route = createFileRoute('/_store/confirmar-correo')({
  head: ({ matches }) =>
    pageHead(matches, {
      title: 'Confirmar correo · Tienda',
      path: '/confirmar-correo',
      noindex: true,
    }),
  component: ConfirmEmailPage,
});
