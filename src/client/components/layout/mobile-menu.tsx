import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@client/components/ui/sheet';
import { useUiStore } from '@client/stores/ui';
import { StoreNav } from './store-nav';

export function MobileMenu() {
  const isOpen = useUiStore((state) => state.activeNavMobile);
  const setActiveNavMobile = useUiStore((state) => state.setActiveNavMobile);
  return (
    <Sheet open={isOpen} onOpenChange={setActiveNavMobile}>
      <SheetContent side="left" width="menu">
        <SheetHeader>
          <SheetTitle>Menú</SheetTitle>
        </SheetHeader>
        <StoreNav
          label="Menú móvil"
          className="mt-4 flex flex-col gap-1 px-4"
          linkClassName="hover:bg-muted data-[status=active]:text-primary rounded-md px-3 py-3 text-base font-medium"
          onNavigate={() => setActiveNavMobile(false)}
        />
      </SheetContent>
    </Sheet>
  );
}
