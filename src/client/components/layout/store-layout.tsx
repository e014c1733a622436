import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StoreFooter } from './store-footer';
import { StoreHeader } from './store-header';
import { WhatsappButton } from './whatsapp-button';

/** Header, page, footer; `sheets` are the side sheets the header opens (cart, search). */
export function StoreLayout({ sheets }: { sheets: ReactNode }) {
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
      {sheets}
      <WhatsappButton />
    </div>
  );
}
