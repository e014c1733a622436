import { Link } from '@tanstack/react-router';
import { ShoppingBag, Zap } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@client/components/ui/sheet';
import { useCartStore } from '@client/stores/cart';
import { useUiStore } from '@client/stores/ui';
import { messages } from '@shared/client-messages';
import { CartLine } from './cart-line';
import { useCartRefresh } from '@client/lib/use-cart-refresh';
import { useMe } from '@client/lib/session';
import { SaveListForm } from './save-list-form';
import { PriceWithTax } from '@client/components/ui/price';

/** The cart side sheet (500px): lines, totals and the way to the quote request. */
export function CartSheet() {
  const isOpen = useUiStore((state) => state.isSheetOpen && state.sheetContent === 'cart');
  const closeSheet = useUiStore((state) => state.closeSheet);
  const items = useCartStore((state) => state.items);
  const totalItems = useCartStore((state) => state.totalItemsInCart);
  const totalAmount = useCartStore((state) => state.totalAmount);
  const cleanCart = useCartStore((state) => state.cleanCart);
  const { data: me } = useMe();
  useCartRefresh(isOpen);
  // Signed-in buyers order by SKU or from a saved list (docs/product.md#pedido-rápido).
  const quickOrderLink = me && (
    <Button asChild variant="link" size="sm" className="self-center">
      <Link to="/pedido-rapido" onClick={closeSheet}>
        <Zap aria-hidden="true" /> Pedido rápido por SKU
      </Link>
    </Button>
  );

  return (
    <Sheet open={isOpen} onOpenChange={(open) => !open && closeSheet()}>
      <SheetContent layout="sections">
        <SheetHeader variant="bar">
          <SheetTitle>Carrito</SheetTitle>
          <SheetDescription>{totalItems} artículos</SheetDescription>
        </SheetHeader>

        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <div className="bg-muted flex size-16 items-center justify-center rounded-full">
              <ShoppingBag className="text-muted-foreground size-8" aria-hidden="true" />
            </div>
            <p className="text-lg font-semibold">{messages.emptyCart}</p>
            <Button asChild>
              <Link to="/tienda" onClick={closeSheet}>
                Empezar a comprar
              </Link>
            </Button>
            {quickOrderLink}
          </div>
        ) : (
          <>
            <ul className="divide-border flex-1 divide-y overflow-y-auto px-6">
              {items.map((item) => (
                <CartLine key={item.variantId} item={item} onNavigate={closeSheet} />
              ))}
            </ul>
            <div className="border-border flex flex-col gap-3 border-t p-6">
              <dl className="flex flex-col gap-1 text-sm">
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">Envío</dt>
                  <dd className="font-medium">Gratis</dd>
                </div>
                <div className="flex justify-between text-base">
                  <dt className="font-semibold">Total</dt>
                  <dd className="font-bold">
                    <PriceWithTax amount={totalAmount} />
                  </dd>
                </div>
              </dl>
              <Button asChild size="lg">
                <Link to="/checkout" onClick={closeSheet}>
                  Continuar con la Cotización
                </Link>
              </Button>
              {me && <SaveListForm />}
              <Button variant="outline" onClick={cleanCart}>
                Limpiar Carrito
              </Button>
              {quickOrderLink}
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
