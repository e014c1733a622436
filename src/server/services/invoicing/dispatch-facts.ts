// What the e-Remito of a dispatch says, read from the dispatch as recorded (its lines, where the
// goods go) and the order's buyer, in the dispatch's own transaction: the facts are fixed on
// the document then, as the goods leave (docs/decisions/086-invoices-through-a-certified-provider.md).
import { asc, eq } from 'drizzle-orm';
import { variantText } from '@shared/order-text';
import { departamentoName } from '@shared/schemas/uy-address';
import type { Executor } from '../../db/client';
import {
  customers,
  dispatches,
  dispatchLines,
  fiscalAddresses,
  orders,
  variants,
} from '../../db/schema';
import type { DispatchFacts } from './remito-draft';

const PICKUP_PLACE = 'Retiro en el local';

export async function dispatchFactsOf(
  tx: Executor,
  dispatchId: number,
): Promise<DispatchFacts | undefined> {
  const [row] = await tx
    .select({
      orderId: dispatches.orderId,
      method: dispatches.method,
      agencyName: dispatches.agencyName,
      siteName: dispatches.siteName,
      street: dispatches.street,
      locality: dispatches.locality,
      departamento: dispatches.departamento,
      purchaseOrder: orders.purchaseOrder,
      companyName: orders.companyName,
      rut: orders.rut,
      fullName: customers.fullName,
      fiscalStreet: fiscalAddresses.street,
      fiscalLocality: fiscalAddresses.locality,
      fiscalDepartamento: fiscalAddresses.departamento,
    })
    .from(dispatches)
    .innerJoin(orders, eq(orders.id, dispatches.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(fiscalAddresses, eq(fiscalAddresses.companyId, orders.companyId))
    .where(eq(dispatches.id, dispatchId));
  if (!row) return undefined;
  const lines = await tx
    .select({
      name: dispatchLines.productName,
      colorName: dispatchLines.colorName,
      storage: dispatchLines.storage,
      quantity: dispatchLines.quantity,
      sku: variants.sku,
    })
    .from(dispatchLines)
    .leftJoin(variants, eq(variants.id, dispatchLines.variantId))
    .where(eq(dispatchLines.dispatchId, dispatchId))
    .orderBy(asc(dispatchLines.id));
  // Where the goods go: the dispatch's site; picked up at the store, the buyer's own address.
  const goesToSite = row.street !== null;
  const departamento = goesToSite ? row.departamento : row.fiscalDepartamento;
  return {
    dispatchRef: String(dispatchId),
    orderId: row.orderId,
    purchaseOrder: row.purchaseOrder,
    receiver: {
      name: row.companyName ?? row.fullName,
      rut: row.companyName && row.rut ? row.rut : null,
      address: goesToSite ? row.street : row.fiscalStreet,
      city: goesToSite ? row.locality : row.fiscalLocality,
      // DGI's Departamento is the name ('Paysandú'); sites keep the ISO code ('UY-PA').
      department: departamento ? departamentoName(departamento) : null,
      deliveryPlace: goesToSite
        ? [row.agencyName, row.siteName].filter(Boolean).join(', ') || null
        : PICKUP_PLACE,
    },
    lines: lines.map((line) => ({
      name: line.name,
      variant: variantText(line) || null,
      sku: line.sku,
      quantity: line.quantity,
    })),
  };
}
