// What a Nota de entrega shows (docs/decisions/082-dispatches-and-delivery-notes.md): the
// dispatch with its lines and destination, the order's buyer with its RUT and domicilio fiscal,
// and the store's own data with its logo. Read when the note is downloaded or mailed, so the
// store's data is today's while the goods, the buyer's RUT and the site are as they left.
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { customers, dispatchLines, dispatches, fiscalAddresses, orders } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { getStoreProfile, storeLogoPng } from '../store/store-profile';
import { dispatchColumns } from './fulfilment-reads';

export type DeliveryNoteDeps = { db: Executor; config: Config; storage: Storage };

/** The dispatch `dispatchId`, or the one numbered `noteNumber` of order `orderId`. */
type Which = { dispatchId: number } | { orderId: number; noteNumber: number };

export async function loadDeliveryNote(deps: DeliveryNoteDeps, which: Which) {
  const { db } = deps;
  const [dispatch] = await db
    .select(dispatchColumns)
    .from(dispatches)
    .where(
      'dispatchId' in which
        ? eq(dispatches.id, which.dispatchId)
        : and(eq(dispatches.orderId, which.orderId), eq(dispatches.noteNumber, which.noteNumber)),
    );
  if (!dispatch) return undefined;
  const [lines, [order], store] = await Promise.all([
    db
      .select({
        productName: dispatchLines.productName,
        colorName: dispatchLines.colorName,
        storage: dispatchLines.storage,
        quantity: dispatchLines.quantity,
      })
      .from(dispatchLines)
      .where(eq(dispatchLines.dispatchId, dispatch.id))
      .orderBy(asc(dispatchLines.id)),
    db
      .select({
        id: orders.id,
        customerName: customers.fullName,
        companyName: orders.companyName,
        rut: orders.rut,
        purchaseOrder: orders.purchaseOrder,
        contactEmail: orders.contactEmail,
        street: fiscalAddresses.street,
        locality: fiscalAddresses.locality,
        departamento: fiscalAddresses.departamento,
        postalCode: fiscalAddresses.postalCode,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(fiscalAddresses, eq(fiscalAddresses.companyId, orders.companyId))
      .where(eq(orders.id, dispatch.orderId)),
    getStoreProfile(db, deps.config),
  ]);
  const { street, locality, departamento, postalCode, ...buyer } = order!;
  const fiscal =
    street && locality && departamento ? { street, locality, departamento, postalCode } : null;
  return {
    dispatch,
    lines,
    buyer: { ...buyer, fiscal },
    store,
    logo: await storeLogoPng(deps.storage, store.logoUrl),
  };
}

export type DeliveryNote = NonNullable<Awaited<ReturnType<typeof loadDeliveryNote>>>;
