import { createFileRoute } from '@tanstack/react-router';
import { NewPasswordPage } from '@client/features/auth/new-password-page';
import { pageHead } from '@client/lib/seo';

// The token follows '#': the server renders the page without it, the browser reads it.
export const Route = createFileRoute('/_store/nueva-contrasena')({
  head: ({ matches }) =>
    pageHead(matches, {
      title: 'Contraseña nueva · Tienda',
      path: '/nueva-contrasena',
      noindex: true,
    }),
  component: NewPasswordPage,
});
