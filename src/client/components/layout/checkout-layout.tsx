import { Link, Outlet } from '@tanstack/react-router';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Logo } from './store-header';

export function CheckoutLayout() {
  return (
    <div className="bg-muted/40 min-h-screen">
      <header className="border-border border-b bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="text-muted-foreground flex items-center gap-4 text-sm">
            <span className="hidden items-center gap-1 sm:flex">
              <ShieldCheck className="size-4" /> Cotización segura
            </span>
            <Link to="/tienda" className="hover:text-foreground flex items-center gap-1">
              <ArrowLeft className="size-4" /> Seguir comprando
            </Link>
          </div>
        </div>
      </header>
      <main id="contenido">
        <Outlet />
      </main>
    </div>
  );
}
