import { Link } from '@tanstack/react-router';
import { Menu, Search, ShoppingCart, UserRound } from 'lucide-react';
import { Avatar, AVATAR_BUTTON_CLASSES } from '@client/components/ui/avatar';
import { Button, IconButton } from '@client/components/ui/button';
import { useMe } from '@client/lib/session';
import { useCartStore } from '@client/stores/cart';
import { useUiStore } from '@client/stores/ui';
import { lazy, Suspense } from 'react';
import { useHydrated } from '@client/lib/use-hydrated';
import { useOnceTrue } from '@client/lib/use-once-true';
import { StoreNav } from './store-nav';

export function Logo({ className = 'size-10' }: { className?: string }) {
  return (
    <Link to="/" aria-label="Tienda, ir al inicio" className="flex shrink-0 items-center gap-2">
      <img
        src="/logo.svg"
        alt=""
        width={40}
        height={40}
        className={`${className} rounded-full transition-transform hover:scale-105`}
      />
      <span className="hidden text-lg font-bold tracking-tight sm:inline">Tienda</span>
    </Link>
  );
}

// Loaded with its first opening (see routes/_store.tsx for the sheets).
const MobileMenu = lazy(() =>
  import('./mobile-menu').then((module) => ({ default: module.MobileMenu })),
);

// The account menu's Radix parts weigh about as much as the store's own code: only a signed-in
// visitor loads them, after the page is interactive.
const AccountMenu = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.AccountMenu })),
);

type SignedIn = NonNullable<ReturnType<typeof useMe>['data']>;

/**
 * The avatar: a link to the account in the server's HTML (and without JavaScript), the account
 * menu once the page is hydrated and the menu's code arrived; same name and look, nothing moves.
 */
function AccountButton({ me }: { me: SignedIn }) {
  const isHydrated = useHydrated();
  const link = (
    <Link to="/account" aria-label="Mi cuenta" className={AVATAR_BUTTON_CLASSES}>
      <Avatar name={me.fullName ?? me.email} />
    </Link>
  );
  if (!isHydrated) return link;
  return (
    <Suspense fallback={link}>
      <AccountMenu me={me} />
    </Suspense>
  );
}

export function StoreHeader() {
  const { data: me } = useMe();
  const totalItems = useCartStore((state) => state.totalItemsInCart);
  const openSheet = useUiStore((state) => state.openSheet);
  const setActiveNavMobile = useUiStore((state) => state.setActiveNavMobile);
  const hasMobileMenu = useOnceTrue(useUiStore((state) => state.activeNavMobile));

  return (
    <header className="border-border sticky top-0 z-40 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <IconButton
          label="Abrir menú"
          icon={Menu}
          variant="ghost"
          className="md:hidden"
          onClick={() => setActiveNavMobile(true)}
          iconClassName="size-5"
        />
        <Logo />
        <StoreNav
          label="Principal"
          className="ml-6 hidden items-center gap-1 md:flex"
          linkClassName="text-muted-foreground hover:text-foreground data-[status=active]:text-primary rounded-md px-3 py-2 text-sm font-medium transition-colors"
        />
        <div className="ml-auto flex items-center gap-1">
          <IconButton
            label="Buscar productos"
            icon={Search}
            variant="ghost"
            onClick={() => openSheet('search')}
            iconClassName="size-5"
          />
          {me ? (
            <AccountButton me={me} />
          ) : (
            <Button variant="ghost" size="icon" asChild>
              <Link to="/login" aria-label="Iniciar sesión">
                <UserRound className="size-5" />
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={`Carrito, ${totalItems} artículos`}
            onClick={() => openSheet('cart')}
          >
            <ShoppingCart className="size-5" />
            {totalItems > 0 && (
              <span className="bg-primary text-primary-foreground absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold">
                {totalItems}
              </span>
            )}
          </Button>
        </div>
      </div>
      {hasMobileMenu && (
        <Suspense fallback={null}>
          <MobileMenu />
        </Suspense>
      )}
    </header>
  );
}
