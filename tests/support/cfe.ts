// The invoicing tests' setup: the store as issuer, an accepted quote as a buyer accepts it,
// and the CFE worker run by hand against the simulated provider.
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import { queryRows } from '@server/db/queries';
import { cfeDocuments, products } from '@server/db/schema';
import type { IvaRate } from '@shared/iva';
import { DUE_AT_ONCE } from '@server/services/invoicing/cfe-queue';
import { createCfeWorker } from '@server/services/invoicing/cfe-worker';
import type { SimulatedProvider } from '@server/services/invoicing/simulated-provider';
import { createTestProduct } from '../integration/orders-fixtures';
import { callerFor } from './context';
import { requestQuote } from './quotes';

/** The store's data as DGI's test issuer ('DGI RUC PRUEBA'). */
export async function setUpIssuer(deps: AppDeps, admin: SessionUser) {
  const caller = callerFor(deps, admin);
  await caller.admin.store.update({
    legalName: 'Tienda SA',
    rut: '219999830019',
    address: 'Av. 18 de Julio 1234, Montevideo',
    phone: '+598 2900 1234',
    email: 'ventas@tienda.com.uy',
    paymentTerms: '',
    deliveryTerms: '',
    warranty: '',
    validityDays: 15,
  });
  await caller.admin.store.updateInvoicing({
    dgiBranchCode: '1',
    dgiResolution: '1234/2023',
    fiscalAddress: 'Av. 18 de Julio 1234',
    fiscalCity: 'Montevideo',
    fiscalDepartment: 'Montevideo',
    invoiceOn: 'acceptance',
    uiValue: '6,1',
  });
}

export const simulator = (deps: AppDeps) => deps.cfeProvider as SimulatedProvider;

/** One pass of the CFE worker, as its timer runs it. */
export const runCfe = (deps: AppDeps) => createCfeWorker(deps).runDue();

export type QuoteLine = { price: string; quantity: number; ivaRate?: IvaRate; discount?: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A quote requested by `buyer`, answered with revision 1 and accepted with `purchaseOrder`. */
export async function acceptedOrder(
  deps: AppDeps,
  people: { buyer: SessionUser; admin: SessionUser },
  options: {
    lines: QuoteLine[];
    company?: { companyName: string; rut: string };
    exchangeRate?: string;
    purchaseOrder?: string;
  },
) {
  const variants = [];
  for (const line of options.lines) {
    const [variant] = await createTestProduct(deps.db, [{ stock: 100, price: line.price }]);
    if (line.ivaRate) {
      await deps.db
        .update(products)
        .set({ ivaRate: line.ivaRate })
        .where(eq(products.id, variant!.productId));
    }
    variants.push(variant!);
  }
  const order = await requestQuote(
    deps,
    people.buyer,
    variants.map((variant, i) => ({ variantId: variant.id, quantity: options.lines[i]!.quantity })),
    {
      ...options.company,
      address: {
        addressLine1: 'Colonia 1000',
        city: 'Montevideo',
        state: 'Montevideo',
        country: 'Uruguay',
      },
    },
  );
  const [today] = await queryRows<{ day: string }>(
    deps.db,
    sql`select ((now() at time zone 'America/Montevideo')::date + 15)::text as day`,
  );
  await callerFor(deps, people.admin).admin.orders.sendRevision({
    orderId: order.id,
    lines: variants.map((variant, i) => ({
      variantId: variant.id,
      quantity: options.lines[i]!.quantity,
      unitPrice: options.lines[i]!.price,
      discountPercent: options.lines[i]!.discount ?? '0',
    })),
    validUntil: today!.day,
    exchangeRate: options.exchangeRate,
  });
  await callerFor(deps, people.buyer).account.orders.accept({
    id: order.id,
    revision: 1,
    purchaseOrder: options.purchaseOrder,
  });
  return order.id;
}

/** The order's documents, oldest first. */
export const documentsOf = (deps: AppDeps, orderId: number) =>
  deps.db
    .select()
    .from(cfeDocuments)
    .where(eq(cfeDocuments.orderId, orderId))
    .orderBy(cfeDocuments.id);

/** Runs the worker until DGI answered every document of the order (its polls made due). */
export async function issueAll(deps: AppDeps, orderId: number) {
  for (let pass = 0; pass < 4; pass++) {
    await runCfe(deps);
    await deps.db
      .update(cfeDocuments)
      .set({ nextAttemptAt: DUE_AT_ONCE })
      .where(and(eq(cfeDocuments.orderId, orderId), eq(cfeDocuments.state, 'pending_dgi')));
  }
  return documentsOf(deps, orderId);
}

export { DAY_MS };
