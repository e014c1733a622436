// What a quote document shows (the PDF, its mail): the order with its customer, one revision,
// the store as that revision was sent ('Datos de la empresa' then), its delivery and the
// store's logo now (docs/decisions/077-what-a-quote-prints.md).
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { DeliveryChoice } from '@shared/delivery';
import { CONCLUDED_STATUS } from '@shared/order-status';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { orderDeliveries } from '../../db/schema';
import { getOrderDetail } from './order-queries';
import { listRevisions } from './quote-revisions';
import { getStoreProfile, quoteSellerOf, storeLogoPng } from '../store/store-profile';

/**
 * The delivery revision `number` was sent with: the newest choice made up to it (the table and
 * its rules are services/fulfilment/'s, docs/decisions/081-address-book-and-delivery-choice.md).
 */
async function deliveryOfRevision(
  db: Executor,
  orderId: number,
  number: number,
): Promise<DeliveryChoice | null> {
  const { orderId: order, revisionNumber } = orderDeliveries;
  const [row] = await db
    .select({
      method: orderDeliveries.method,
      agency: orderDeliveries.agency,
      agencyName: orderDeliveries.agencyName,
      freightCollect: orderDeliveries.freightCollect,
      siteName: orderDeliveries.siteName,
      street: orderDeliveries.street,
      locality: orderDeliveries.locality,
      departamento: orderDeliveries.departamento,
      postalCode: orderDeliveries.postalCode,
      phone: orderDeliveries.phone,
      contactName: orderDeliveries.contactName,
      hours: orderDeliveries.hours,
    })
    .from(orderDeliveries)
    .where(and(eq(order, orderId), or(isNull(revisionNumber), lte(revisionNumber, number))))
    .orderBy(desc(orderDeliveries.id))
    .limit(1);
  return row ?? null;
}

/** The revision `number` of the order and its customer, or undefined when there is none. */
export async function loadQuote(db: Executor, orderId: number, number: number, now: Date) {
  const [order, revisions, delivery] = await Promise.all([
    getOrderDetail(db, orderId),
    listRevisions(db, orderId, now),
    deliveryOfRevision(db, orderId, number),
  ]);
  const revision = revisions.find((candidate) => candidate.number === number);
  // The newest revision of a Concretado order is the one accepted: it carries the due day.
  const isAccepted = order.status === CONCLUDED_STATUS && revisions[0]?.number === number;
  return revision && { order, revision, delivery, isAccepted };
}

/** Where a quote document's parts come from. */
export type QuoteDocumentDeps = { db: Executor; config: Config; storage: Storage; clock: Clock };

/**
 * The quote with its issuer and the store's logo (PNG), ready for renderQuotePdf. The issuer is
 * the copy the revision keeps; a revision without one (sent before revisions kept it, in a
 * store that has not saved its data since) prints the store's data as it is, the environment's.
 */
export async function loadQuoteDocument(deps: QuoteDocumentDeps, orderId: number, number: number) {
  const quote = await loadQuote(deps.db, orderId, number, deps.clock.now());
  if (!quote) return undefined;
  const store = await getStoreProfile(deps.db, deps.config);
  const seller = quote.revision.seller ?? quoteSellerOf(store);
  return { ...quote, seller, logo: await storeLogoPng(deps.storage, store.logoUrl) };
}

export type Quote = NonNullable<Awaited<ReturnType<typeof loadQuote>>>;
export type QuoteDocument = NonNullable<Awaited<ReturnType<typeof loadQuoteDocument>>>;
