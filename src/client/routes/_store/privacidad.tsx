import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '@client/features/privacy/legal-page';
import { pageHead } from '@client/lib/seo';

// Rendered on the server and kept in the page cache; saving it in the dashboard clears it.
export const Route = createFileRoute('/_store/privacidad')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      context.trpc.legalPages.get.queryOptions({ slug: 'privacidad' }),
    ),
  head: ({ matches, loaderData }) =>
    pageHead(matches, {
      title: `${loaderData?.title ?? 'Política de privacidad'} · Tienda`,
      description:
        'Cómo Tienda trata los datos personales de sus clientes (Ley N° 18.331) y cómo ejercer tus derechos.',
      path: '/privacidad',
    }),
  component: function LegalPageRoute() {
    return <LegalPage slug="privacidad" />;
  },
});
