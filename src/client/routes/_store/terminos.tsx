import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '@client/features/privacy/legal-page';
import { pageHead } from '@client/lib/seo';

// Rendered on the server and kept in the page cache; saving it in the dashboard clears it.
export const Route = createFileRoute('/_store/terminos')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      context.trpc.legalPages.get.queryOptions({ slug: 'terminos' }),
    ),
  head: ({ matches, loaderData }) =>
    pageHead(matches, {
      title: `${loaderData?.title ?? 'Términos y condiciones'} · Tienda`,
      description: 'Las condiciones de las cotizaciones y compras en Tienda.',
      path: '/terminos',
    }),
  component: function LegalPageRoute() {
    return <LegalPage slug="terminos" />;
  },
});
