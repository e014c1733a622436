import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';
import { useCartRefresh } from '@client/lib/use-cart-refresh';
import { isUnavailable, useCartStore } from '@client/stores/cart';
import { cartBlockedMessage, messages } from '@shared/client-messages';
import { OrderSummary } from './order-summary';
import { ProcessingOverlay } from './processing-overlay';
import { QuoteForm, useQuoteContactForm } from './quote-form';
import { useRequestQuote } from './use-request-quote';

export function CheckoutPage() {
  const { data: me } = useMe();
  const items = useCartStore((state) => state.items);
  const totalAmount = useCartStore((state) => state.totalAmount);
  const refreshCart = useCartRefresh(true);
  const form = useQuoteContactForm({ email: me?.email ?? '', phone: me?.phone ?? '' });
  // The razón social and RUT saved on the account fill the fields in once they arrive, unless
  // the customer already typed something there.
  const trpc = useTRPC();
  const { data: company } = useQuery({ ...trpc.account.profile.get.queryOptions(), retry: false });
  useEffect(() => {
    if (!company) return;
    for (const name of ['companyName', 'rut'] as const) {
      if (!form.getFieldState(name).isDirty && company[name]) form.setValue(name, company[name]);
    }
  }, [company, form]);
  const { submit, mutation } = useRequestQuote(refreshCart, form);
  // The cart empties as soon as the server takes the quote, while the thank-you page is still
  // loading: until then the summary keeps the lines that were sent, under the overlay.
  const [shown, setShown] = useState({ items, totalAmount });
  if (items.length > 0 && (shown.items !== items || shown.totalAmount !== totalAmount)) {
    setShown({ items, totalAmount });
  }
  const unavailable = items.filter(isUnavailable);
  const blockedReason =
    unavailable.length > 0 ? cartBlockedMessage(unavailable.map((item) => item.name)) : undefined;

  if (items.length === 0 && !mutation.isPending && !mutation.isSuccess) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          icon={ShoppingCart}
          title={messages.emptyCart}
          description="Agregá productos desde la tienda para solicitar una cotización."
          action={
            <Button asChild>
              <Link to="/tienda">Empezar a comprar</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Solicitar Cotización</h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_420px] lg:items-start">
        {/* The summary first: on a phone the lines and their total are read (and the
            quantities set) before the button that sends them; from lg up it is the right column. */}
        <OrderSummary
          items={shown.items}
          totalAmount={shown.totalAmount}
          className="lg:col-start-2 lg:row-start-1"
        />
        <div className="lg:col-start-1 lg:row-start-1">
          <QuoteForm
            form={form}
            isSending={mutation.isPending}
            blockedReason={blockedReason}
            onSubmit={submit}
          />
        </div>
      </div>
      {(mutation.isPending || mutation.isSuccess) && <ProcessingOverlay />}
    </div>
  );
}
