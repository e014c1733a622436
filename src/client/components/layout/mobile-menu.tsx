import { Link } from '@tanstack/react-router';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@client/components/ui/sheet';
import { useMe } from '@client/lib/session';
import { useUiStore } from '@client/stores/ui';
import { StoreNav } from './store-nav';

const LINK_CLASSES =
  'hover:bg-muted data-[status=active]:text-primary rounded-md px-3 py-3 text-base font-medium';

/** A signed-in buyer's own pages, beside the store's links (the avatar's menu has them too). */
const ACCOUNT_LINKS = [
  { to: '/account', label: 'Mi cuenta' },
  { to: '/pedido-rapido', label: 'Pedido rápido' },
  { to: '/account/listas', label: 'Listas de compra' },
] as const;

export function MobileMenu() {
  const isOpen = useUiStore((state) => state.activeNavMobile);
  const setActiveNavMobile = useUiStore((state) => state.setActiveNavMobile);
  const { data: me } = useMe();
  const close = () => setActiveNavMobile(false);
  return (
    <Sheet open={isOpen} onOpenChange={setActiveNavMobile}>
      <SheetContent side="left" width="menu">
        <SheetHeader>
          <SheetTitle>Menú</SheetTitle>
        </SheetHeader>
        <StoreNav
          label="Menú móvil"
          className="mt-4 flex flex-col gap-1 px-4"
          linkClassName={LINK_CLASSES}
          onNavigate={close}
        />
        {me && (
          <nav
            aria-label="Tu cuenta"
            className="border-border mx-4 mt-4 flex flex-col gap-1 border-t pt-4"
          >
            {ACCOUNT_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                activeOptions={{ exact: true }}
                onClick={close}
                className={LINK_CLASSES}
              >
                {link.label}
              </Link>
            ))}
          </nav>
        )}
      </SheetContent>
    </Sheet>
  );
}
