import { createFileRoute } from '@tanstack/react-router';
import { personalPage, requireSession } from '@client/features/auth/guards';
import { QuickOrderPage } from '@client/features/quick-order/quick-order-page';

export const Route = createFileRoute('/_store/pedido-rapido')({
  ...personalPage(requireSession),
  component: QuickOrderPage,
});
