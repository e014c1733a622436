import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import {
  Building2,
  LayoutDashboard,
  ListChecks,
  MonitorSmartphone,
  Package,
  Zap,
} from 'lucide-react';
import { LogoutButton } from '@client/components/layout/logout-button';
import { Button } from '@client/components/ui/button';
import { useLogoutEverywhere, useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';

const linkClass =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground data-[status=active]:bg-muted data-[status=active]:text-primary';

export function AccountLayout() {
  const { data: me } = useMe();
  const logoutEverywhere = useLogoutEverywhere();
  const trpc = useTRPC();
  // The store's messages not read yet: one count query (docs/product.md).
  const { data: unread } = useQuery({
    ...trpc.account.unreadMessages.queryOptions(),
    enabled: me?.role === 'customer',
    refetchInterval: 60_000,
  });
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[220px_1fr]">
      <aside>
        <p className="mb-1 font-semibold">{me?.fullName ?? 'Mi cuenta'}</p>
        <p className="text-muted-foreground mb-4 truncate text-sm">{me?.email}</p>
        <nav aria-label="Mi cuenta" className="flex flex-wrap gap-1 md:flex-col">
          <Link to="/account/pedidos" className={linkClass}>
            <Package className="size-4" /> Pedidos
            {unread ? (
              <span
                className="bg-primary text-primary-foreground ml-auto rounded-full px-2 text-xs"
                aria-label={`${unread} mensajes sin leer`}
              >
                {unread}
              </span>
            ) : null}
          </Link>
          {me?.role === 'customer' && (
            <Link to="/account/empresa" className={linkClass}>
              <Building2 className="size-4" /> Datos de la empresa
            </Link>
          )}
          <Link to="/account/listas" className={linkClass}>
            <ListChecks className="size-4" /> Listas de compra
          </Link>
          <Link to="/pedido-rapido" className={linkClass}>
            <Zap className="size-4" /> Pedido rápido
          </Link>
          {me?.role === 'admin' && (
            <Link to="/dashboard" className={linkClass}>
              <LayoutDashboard className="size-4" /> Dashboard
            </Link>
          )}
          <LogoutButton variant="ghost" size="menu" className="text-destructive" />
          <Button
            variant="ghost"
            size="menu-wrap"
            className="text-destructive"
            disabled={logoutEverywhere.isPending}
            onClick={() => logoutEverywhere.mutate()}
          >
            <MonitorSmartphone className="size-4 shrink-0" /> Cerrar sesión en todos los
            dispositivos
          </Button>
        </nav>
      </aside>
      <section className="min-w-0">
        <Outlet />
      </section>
    </div>
  );
}
