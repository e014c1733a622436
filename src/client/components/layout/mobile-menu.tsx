import { Link } from '@tanstack/react-router';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@client/components/ui/sheet';
import { useUiStore } from '@client/stores/ui';
import { STORE_NAV_LINKS } from './nav-links';

export function MobileMenu() {
  const isOpen = useUiStore((state) => state.activeNavMobile);
  const setActiveNavMobile = useUiStore((state) => state.setActiveNavMobile);
  return (
    <Sheet open={isOpen} onOpenChange={setActiveNavMobile}>
      <SheetContent side="left" width="menu">
        <SheetHeader>
          <SheetTitle>Menú</SheetTitle>
        </SheetHeader>
        <nav aria-label="Menú móvil" className="mt-4 flex flex-col gap-1 px-4">
          {STORE_NAV_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              activeOptions={{ exact: link.to === '/' }}
              onClick={() => setActiveNavMobile(false)}
              className="hover:bg-muted data-[status=active]:text-primary rounded-md px-3 py-3 text-base font-medium"
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
