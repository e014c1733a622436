// The delivery an order asks for (docs/decisions/081-address-book-and-delivery-choice.md):
// chosen with the request, changed by staff with a revision. Each choice is a new row with a
// copy of its site; the newest is the order's.
import { desc, eq } from 'drizzle-orm';
import { type DeliveryChoice, deliveryText } from '@shared/delivery';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import type { QuoteRequestInput } from '@shared/schemas/order';
import type { RevisionInput } from '@shared/schemas/quote';
import type { DeliveryChoiceInput, DeliveryMethodChoice } from '@shared/schemas/fulfilment';
import type { Config } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import { orderDeliveries, orders } from '../../db/schema';
import type { Outbox } from '../infra/outbox';
import { foundOrThrow } from '../infra/found';
import { messages } from '@shared/messages';
import { createQuoteOrder, type QuoteOptions, type QuoteRequester } from '../orders/quote-orders';
import { type RevisionAuthor, sendRevision } from '../orders/quote-revisions';
import { siteOfRequester, siteSnapshot } from './delivery-sites';
import { fieldRefusalError } from '../../validation';

/** What an order's delivery shows: the choice and its copied site. */
export const deliveryColumns = {
  method: orderDeliveries.method,
  agency: orderDeliveries.agency,
  agencyName: orderDeliveries.agencyName,
  freightCollect: orderDeliveries.freightCollect,
  siteId: orderDeliveries.siteId,
  siteName: orderDeliveries.siteName,
  street: orderDeliveries.street,
  locality: orderDeliveries.locality,
  departamento: orderDeliveries.departamento,
  postalCode: orderDeliveries.postalCode,
  phone: orderDeliveries.phone,
  contactName: orderDeliveries.contactName,
  hours: orderDeliveries.hours,
};
export type OrderDelivery = DeliveryChoice & { siteId: number | null };

/** The order's delivery now (its newest choice), or null for an order from before them. */
export async function currentDelivery(
  db: Executor,
  orderId: number,
): Promise<OrderDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId))
    .orderBy(desc(orderDeliveries.id))
    .limit(1);
  return row ?? null;
}

const sameChoice = (a: OrderDelivery, b: DeliveryChoiceInput) =>
  a.method === b.method &&
  a.agency === (b.agency ?? null) &&
  a.agencyName === (b.agencyName ?? null) &&
  a.freightCollect === b.freightCollect &&
  a.siteId === (b.siteId ?? null);

/** A method as its columns hold it (null where a choice left a field out). */
export const storedMethod = (choice: DeliveryMethodChoice) => ({
  method: choice.method,
  agency: choice.agency ?? null,
  agencyName: choice.agencyName ?? null,
  freightCollect: choice.freightCollect,
});

/**
 * Stores a choice for the order with a copy of its site, which `ownerCustomerId`'s book (their
 * company's, or their own) must hold; refused under the form's 'delivery.siteId' otherwise.
 */
async function insertChoice(
  tx: Transaction,
  orderId: number,
  ownerCustomerId: number,
  choice: DeliveryChoiceInput,
  by: { userId: number; revisionNumber: number | null },
) {
  const site = choice.siteId ? await siteOfRequester(tx, ownerCustomerId, choice.siteId) : null;
  if (choice.siteId && !site) throw fieldRefusalError('delivery.siteId', text.siteNotOurs);
  const snapshot = siteSnapshot(site ?? null);
  await tx.insert(orderDeliveries).values({
    orderId,
    revisionNumber: by.revisionNumber,
    siteId: site?.id ?? null,
    ...storedMethod(choice),
    ...snapshot,
    chosenBy: by.userId,
  });
  return { ...storedMethod(choice), ...snapshot };
}

/**
 * orders.requestQuote with the delivery the buyer chose: the quote's own transaction writes
 * it right after the order row, and the request's mails say it.
 */
export function requestQuoteWithDelivery(
  db: Database,
  outbox: Outbox,
  requester: QuoteRequester,
  input: QuoteRequestInput,
  options: QuoteOptions,
) {
  const { delivery } = input;
  return createQuoteOrder(db, outbox, requester, input, {
    ...options,
    withOrder: delivery
      ? async (tx, orderId) =>
          deliveryText(
            await insertChoice(tx, orderId, requester.customerId, delivery, {
              userId: requester.userId,
              revisionNumber: null,
            }),
          )
      : undefined,
  });
}

/**
 * admin.orders.sendRevision with a delivery: when staff changed it, the new choice is stored
 * for this revision in its transaction (a site of the order's customer's book).
 */
export function sendRevisionWithDelivery(
  db: Database,
  config: Config,
  input: RevisionInput,
  staff: RevisionAuthor,
) {
  const { delivery } = input;
  return sendRevision(db, config, input, staff, {
    withRevision: delivery
      ? async (tx, number) => {
          const current = await currentDelivery(tx, input.orderId);
          if (current && sameChoice(current, delivery)) return;
          const order = await foundOrThrow(
            tx
              .select({ customerId: orders.customerId })
              .from(orders)
              .where(eq(orders.id, input.orderId)),
            messages.orderNotFound,
          );
          await insertChoice(tx, input.orderId, order.customerId, delivery, {
            userId: staff.userId,
            revisionNumber: number,
          });
        }
      : undefined,
  });
}
