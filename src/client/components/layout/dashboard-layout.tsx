import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import {
  ChevronDown,
  FileText,
  ReceiptText,
  History,
  HandCoins,
  Inbox,
  LayoutDashboard,
  Package,
  Scale,
  Settings,
  ShoppingBag,
  Tags,
  Users,
} from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useTRPC } from '@client/lib/trpc';
import { LogoutButton } from './logout-button';

const DASHBOARD_LINKS = [
  { to: '/dashboard', label: 'Resumen', icon: LayoutDashboard },
  { to: '/dashboard/productos', label: 'Productos', icon: Package },
  { to: '/dashboard/ordenes', label: 'Órdenes', icon: ShoppingBag },
  { to: '/dashboard/clientes', label: 'Clientes', icon: Users },
  { to: '/dashboard/cobranzas', label: 'Cobranzas', icon: HandCoins },
  { to: '/dashboard/comprobantes', label: 'Comprobantes', icon: ReceiptText },
  { to: '/dashboard/taxonomias', label: 'Taxonomías', icon: Tags },
  { to: '/dashboard/blog', label: 'Gestionar Blog', icon: FileText },
  { to: '/dashboard/mensajes', label: 'Mensajes', icon: Inbox },
  { to: '/dashboard/actividad', label: 'Actividad', icon: History },
  { to: '/dashboard/paginas', label: 'Páginas legales', icon: Scale },
  { to: '/dashboard/ajustes', label: 'Datos de la empresa', icon: Settings },
] as const;

/**
 * The orders this staff member has not opened since the customer acted: one count, refreshed
 * every minute (docs/decisions/092-one-desk-for-quotes.md).
 */
function UnreadBadge() {
  const trpc = useTRPC();
  const { data: count } = useQuery({
    ...trpc.admin.orders.unread.queryOptions(),
    refetchInterval: 60_000,
  });
  if (!count) return null;
  return (
    <span
      className="bg-primary text-primary-foreground ml-auto rounded-full px-2 text-xs"
      aria-label={count === 1 ? '1 orden sin leer' : `${count} órdenes sin leer`}
    >
      {count}
    </span>
  );
}

/** Phones: one menu listing every section, named after the one on screen. */
function SectionsMenu() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The most specific section: every page lies below /dashboard, listed first.
  const current = DASHBOARD_LINKS.filter(
    ({ to }) => pathname === to || pathname.startsWith(`${to}/`),
  ).at(-1);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="ml-auto gap-2" aria-label="Secciones del panel">
          {current?.label ?? 'Secciones'} <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent width="wide">
        {DASHBOARD_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" /> {label}
              {to === '/dashboard/ordenes' && <UnreadBadge />}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function DashboardLayout() {
  return (
    <div className="bg-muted/40 flex min-h-screen flex-col md:flex-row">
      <aside className="border-border flex shrink-0 flex-col border-b bg-white md:sticky md:top-0 md:h-screen md:w-60 md:border-r md:border-b-0">
        <div className="flex items-center gap-2 p-4">
          <Link to="/" aria-label="Ir a la tienda">
            <img
              src="/logo.svg"
              alt=""
              width={40}
              height={40}
              className="size-10 rounded-full transition-transform hover:scale-110"
            />
          </Link>
          <span className="font-semibold">Panel</span>
          <div className="ml-auto md:hidden">
            <SectionsMenu />
          </div>
        </div>
        <nav
          aria-label="Panel de administración"
          className="hidden gap-1 px-3 pb-3 md:flex md:flex-1 md:flex-col"
        >
          {DASHBOARD_LINKS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              // The home must not stay highlighted on every page below /dashboard.
              activeOptions={{ exact: to === '/dashboard' }}
              className="text-muted-foreground hover:bg-muted hover:text-foreground data-[status=active]:bg-primary/10 data-[status=active]:text-primary flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium"
            >
              <Icon className="size-4" /> {label}
              {to === '/dashboard/ordenes' && <UnreadBadge />}
            </Link>
          ))}
        </nav>
        <div className="hidden p-3 md:block">
          <LogoutButton className="w-full gap-2" />
        </div>
      </aside>
      <main id="contenido" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
        <LogoutButton className="mt-8 w-full gap-2 md:hidden" />
      </main>
    </div>
  );
}
