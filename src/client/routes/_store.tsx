import { createFileRoute } from '@tanstack/react-router';
import { StoreLayout } from '@client/components/layout/store-layout';
import { CartSheet } from '@client/features/cart/cart-sheet';
import { SearchSheet } from '@client/features/search/search-sheet';

export const Route = createFileRoute('/_store')({
  component: function StoreRoute() {
    return (
      <StoreLayout
        sheets={
          <>
            <CartSheet />
            <SearchSheet />
          </>
        }
      />
    );
  },
});
