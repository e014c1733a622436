import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StoreFooter } from './store-footer';
import { StoreHeader } from './store-header';
import { WhatsappButton } from './whatsapp-button';

/** Header, page, footer; `sheets` are the side sheets the header opens (cart, search). */
export function StoreLayout({ sheets }: { sheets: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {/* Hidden until focused; then a solid, high-contrast box above the sticky header. */}
      <a
        href="#contenido"
        className="focus:bg-primary focus:text-primary-foreground focus:ring-ring sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:px-4 focus:py-3 focus:text-sm focus:font-semibold focus:shadow-lg focus:ring-2 focus:ring-offset-2 focus:outline-none"
      >
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
