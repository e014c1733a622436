import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_store/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/pedidos' });
  },
});
