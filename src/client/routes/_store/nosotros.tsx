import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@client/features/contact/contact-page';
import { absoluteUrlIn, pageHead, SITE_NAME } from '@client/lib/seo';

export const Route = createFileRoute('/_store/nosotros')({
  // The contact details are in the HTML and in the Organization data search engines read.
  loader: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(
      context.trpc.contact.info.queryOptions(undefined, { staleTime: Infinity }),
    );
    const absoluteUrl = absoluteUrlIn(context);
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE_NAME,
      // The store's own data ('Datos de la empresa'), as the quote PDF prints it.
      legalName: info.legalName,
      ...(info.rut ? { taxID: info.rut } : {}),
      url: absoluteUrl('/'),
      logo: absoluteUrl(info.logoUrl ?? '/logo.svg'),
      email: info.email,
      telephone: info.phone,
      address: { '@type': 'PostalAddress', streetAddress: info.address, addressCountry: 'UY' },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'sales',
        telephone: info.phone,
        email: info.email,
        areaServed: 'UY',
        availableLanguage: 'es',
      },
    };
  },
  head: ({ matches, loaderData }) =>
    pageHead(matches, {
      title: 'Nosotros y contacto · Tienda',
      description:
        'Equipo uruguayo que asesora a empresas en equipamiento informático. Escribinos, llamanos o visitanos en Montevideo.',
      path: '/nosotros',
      jsonLd: loaderData ? [loaderData] : [],
    }),
  component: ContactPage,
});
