import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { type CartItem, useCartStore } from '@client/stores/cart';
import { messages } from '@shared/client-messages';
import type { QuoteContact } from '@shared/schemas/order';
import { newIdempotencyKey } from './idempotency-key';
import type { QuoteContactForm } from './quote-form';

/**
 * Cart lines as the server takes them: prices stay in the browser
 * (docs/decisions/015-server-authoritative-prices-and-stock.md).
 */
const cartSignature = (items: CartItem[]) =>
  items.map((item) => `${item.variantId}x${item.quantity}${item.backorder ? 'b' : ''}`).join(',');

/** Answers after which the cart itself is out of date: prices, stock or a deleted variant. */
const isCartOutdated = (error: unknown) => {
  const code =
    error instanceof TRPCClientError ? (error.data as { code?: string })?.code : undefined;
  return code === 'CONFLICT' || code === 'NOT_FOUND';
};

export function useRequestQuote(refreshCart: () => Promise<void>, form: QuoteContactForm) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = useCartStore((state) => state.items);
  const totalAmount = useCartStore((state) => state.totalAmount);
  const cleanCart = useCartStore((state) => state.cleanCart);

  // One key per attempt at this exact cart: a retry or double click reuses it (the server
  // answers with the first order), while a changed cart is a new attempt with a new key.
  const signature = cartSignature(items);
  const [attempt, setAttempt] = useState(() => ({ signature, key: newIdempotencyKey() }));
  if (attempt.signature !== signature) setAttempt({ signature, key: newIdempotencyKey() });

  const mutation = useMutation(
    trpc.orders.requestQuote.mutationOptions({
      onSuccess: async ({ id }) => {
        // The server holds the order now: empty the cart before anything else, so a customer
        // who leaves before the thank-you page has loaded never finds these lines again and
        // sends them in the next quote.
        cleanCart();
        notify.success(messages.quoteSuccess);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
        await navigate({ to: '/checkout/$orderId/thank-you', params: { orderId: String(id) } });
      },
      onError: (error) => {
        // The contact fields' messages under them; stock and prices (no field here) in a toast,
        // and the generic failure when the server itself failed.
        showRefusal(form, error, { fallback: messages.quoteFailed });
        // The customer reviews the refreshed lines and total before sending again.
        if (isCartOutdated(error)) refreshCart().catch(() => undefined);
      },
    }),
  );

  const submit = (contact: QuoteContact) =>
    mutation.mutate({
      ...contact,
      items: items.map(({ variantId, quantity, backorder }) => ({
        variantId,
        quantity,
        ...(backorder ? { backorder: true } : {}),
      })),
      idempotencyKey: attempt.key,
      expectedTotal: totalAmount,
    });

  return { submit, mutation };
}
