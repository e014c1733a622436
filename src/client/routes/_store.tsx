import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { StoreLayout } from '@client/components/layout/store-layout';
import { useOnceTrue } from '@client/lib/use-once-true';
import { useUiStore } from '@client/stores/ui';

// The side sheets (and the dialog library under them) load the first time one is opened,
// not with every page: the first paint never shows them.
const CartSheet = lazy(() =>
  import('@client/features/cart/cart-sheet').then((module) => ({ default: module.CartSheet })),
);
const SearchSheet = lazy(() =>
  import('@client/features/search/search-sheet').then((module) => ({
    default: module.SearchSheet,
  })),
);

function Sheets() {
  const content = useUiStore((state) => state.sheetContent);
  const hasCart = useOnceTrue(content === 'cart');
  const hasSearch = useOnceTrue(content === 'search');
  return (
    <Suspense fallback={null}>
      {hasCart && <CartSheet />}
      {hasSearch && <SearchSheet />}
    </Suspense>
  );
}

export const Route = createFileRoute('/_store')({
  // The WhatsApp button and the visitor (header's account menu) of every store page: in the
  // server's HTML, not asked for after it, so a page that has all its data makes no request.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(
        context.trpc.contact.info.queryOptions(undefined, { staleTime: Infinity }),
      ),
      context.queryClient.prefetchQuery(context.trpc.auth.me.queryOptions()),
    ]),
  component: function StoreRoute() {
    return <StoreLayout sheets={<Sheets />} />;
  },
});
