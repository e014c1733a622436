import { createFileRoute } from '@tanstack/react-router';
import { parseCfeVerifySearch } from '@shared/schemas/search-params';
import { CfeVerifyPage } from '@client/features/cfe-verify/cfe-verify-page';
import { pageHead } from '@client/lib/seo';

// The page an e-Ticket prints under its QR (docs/decisions/097-e-ticket-verification.md).
export const Route = createFileRoute('/_store/comprobantes/verificar')({
  validateSearch: parseCfeVerifySearch,
  head: ({ matches }) =>
    pageHead(matches, {
      title: 'Verificar comprobante · Tienda',
      description:
        'Verificá un e-Ticket o una e-Factura de Tienda con la serie, el número y el código de seguridad impresos en el comprobante.',
      path: '/comprobantes/verificar',
    }),
  component: function CfeVerifyRoute() {
    return <CfeVerifyPage search={Route.useSearch()} />;
  },
});
