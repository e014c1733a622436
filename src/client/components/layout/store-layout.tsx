import { Outlet } from '@tanstack/react-router';
import { CartSheet } from '@client/features/cart/cart-sheet';
import { SearchSheet } from '@client/features/search/search-sheet';
import { StoreFooter } from './store-footer';
import { StoreHeader } from './store-header';
import { WhatsappButton } from './whatsapp-button';

export function StoreLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#contenido" className="sr-only focus:not-sr-only focus:absolute focus:p-3">
        Saltar al contenido
      </a>
      <StoreHeader />
      <main id="contenido" className="flex-1">
        <Outlet />
      </main>
      <StoreFooter />
      <CartSheet />
      <SearchSheet />
      <WhatsappButton />
    </div>
  );
}
