import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import {
  Building2,
  LayoutDashboard,
  Landmark,
  ListChecks,
  MapPin,
  MonitorSmartphone,
  Package,
  ShieldCheck,
  UserRoundCog,
  Users,
  Zap,
} from 'lucide-react';
import { useEffect } from 'react';
import { LogoutButton } from '@client/components/layout/logout-button';
import { Button } from '@client/components/ui/button';
import { useEdgeFade } from '@client/components/ui/scroll-x';
import { useLogoutEverywhere, useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';
import { VerifyEmailBanner } from './verify-email-banner';

// On a phone the links are one row that scrolls sideways: stacked, they would push the page's
// content (an order's quote) below the fold.
const linkClass =
  'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground data-[status=active]:bg-muted data-[status=active]:text-primary';

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
  // On a phone the row of links scrolls: the current page's link is centred in it, clear of
  // the faded edges that say there are more links either way.
  const { attach, element: row, style: fade, refresh: refreshFade } = useEdgeFade<HTMLElement>();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const active = row?.querySelector('[data-status="active"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    row.scrollTo({
      left: row.scrollLeft + box.left - rowBox.left - (rowBox.width - box.width) / 2,
    });
    refreshFade();
  }, [pathname, me?.role, row, refreshFade]);
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:px-6 md:grid-cols-[220px_1fr] md:gap-8 md:py-8">
      <aside className="min-w-0">
        <p className="mb-1 font-semibold">{me?.fullName ?? 'Mi cuenta'}</p>
        <p className="text-muted-foreground mb-4 truncate text-sm">{me?.email}</p>
        <nav
          ref={attach}
          style={fade}
          aria-label="Mi cuenta"
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
        >
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
            <>
              <Link to="/account/empresa" className={linkClass} activeOptions={{ exact: true }}>
                <Building2 className="size-4" /> Datos de la empresa
              </Link>
              <Link to="/account/empresa/usuarios" className={linkClass}>
                <Users className="size-4" /> Usuarios de la empresa
              </Link>
              <Link to="/account/empresa/direcciones" className={linkClass}>
                <MapPin className="size-4" /> Direcciones
              </Link>
              <Link to="/account/empresa/cuenta" className={linkClass}>
                <Landmark className="size-4" /> Estado de cuenta
              </Link>
            </>
          )}
          <Link to="/account/seguridad" className={linkClass}>
            <ShieldCheck className="size-4" /> Acceso y seguridad
          </Link>
          {me?.role === 'customer' && (
            <Link to="/account/privacidad" className={linkClass}>
              <UserRoundCog className="size-4" /> Privacidad
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
          <LogoutButton variant="ghost" size="menu" className="text-destructive shrink-0" />
          <Button
            variant="ghost"
            size="menu"
            // One scrolling row on phones; in the side column the long label wraps.
            className="text-destructive shrink-0 md:h-auto md:text-left md:whitespace-normal"
            disabled={logoutEverywhere.isPending}
            onClick={() => logoutEverywhere.mutate()}
          >
            <MonitorSmartphone className="size-4 shrink-0" /> Cerrar sesión en todos los
            dispositivos
          </Button>
        </nav>
      </aside>
      <section className="min-w-0">
        <VerifyEmailBanner />
        <Outlet />
      </section>
    </div>
  );
}
