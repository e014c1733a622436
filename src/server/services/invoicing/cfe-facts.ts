// What a document needs from the rest of the store, gathered by one function per source: the
// order and its accepted lines (orders), the exchange rate and the due date (collections), the
// dispatch (fulfilment) (docs/decisions/086-invoices-through-a-certified-provider.md).
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_IVA_RATE, type IvaRate, ivaRateOf } from '@shared/iva';
import { variantText } from '@shared/order-text';
import { quoteTotals } from '@shared/quote-math';
import { departamentoName } from '@shared/schemas/uy-address';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { orders } from '../../db/schema';
import { rateOfDay } from '../store/exchange-rate';

/** One accepted line as sold: what the quote priced and the product's IVA rate. */
export type CfeFactLine = {
  name: string;
  /** Colour and storage as the quote printed them, or null. */
  variant: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: string;
  discountPercent: string;
  ivaRate: IvaRate;
};

/** The buyer as the documents name them: the company with its RUT, or the person. */
export type CfeBuyer = {
  name: string;
  rut: string | null;
  /** A consumer's cédula, given by staff for an e-Ticket above DGI's threshold. */
  document: string | null;
  address: string | null;
  city: string | null;
  department: string | null;
};

/** Everything an order's invoice is built from (cfe-draft.ts invoiceDraft). */
export type CfeOrderFacts = {
  orderId: number;
  purchaseOrder: string | null;
  buyer: CfeBuyer;
  lines: CfeFactLine[];
  /** The accepted quote's totals: the invoice must equal them to the cent. */
  quoted: { subtotal: string; tax: string; total: string };
  /** Pesos per dollar for TpoCambio; null when none is known (the document waits). */
  exchangeRate: string | null;
  /** FchVenc of a sale on credit; null is 'contado'. */
  dueOn: string | null;
};

/**
 * FchVenc: the order's due date from its payment terms (decision 083). A 'Contado' order is due
 * the day it is accepted, and reads 'contado' (null), as one whose terms start on delivery
 * before it is delivered.
 */
async function orderDueOn(tx: Executor, orderId: number): Promise<string | null> {
  const [row] = await tx
    .select({ dueOn: orders.dueOn, termsDays: orders.paymentTermsDays })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.termsDays ? row.dueOn : null;
}

/**
 * Pesos per dollar for a document issued on `day`: the store's rate of that day, which is the
 * BCU's of the last business day before it as the tax rules ask (Decreto 150/007 art. 74,
 * decision 085) or the one staff typed for the day in 'Cobranzas'. Without one for the day
 * (the BCU could not be reached), the rate staff typed on the accepted revision, then
 * CFE_EXCHANGE_RATE; never an earlier day's rate. Null makes the document wait.
 */
async function exchangeRateFor(
  tx: Executor,
  input: { revisionRate: string | null; day: string; fallbackRate: string | undefined },
): Promise<string | null> {
  const ofTheDay = await rateOfDay(tx, input.day);
  if (ofTheDay && !ofTheDay.isStale) return ofTheDay.rate;
  return input.revisionRate ?? input.fallbackRate ?? null;
}

type OrderRow = {
  purchase_order: string | null;
  company_name: string | null;
  rut: string | null;
  full_name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  fiscal_street: string | null;
  fiscal_locality: string | null;
  fiscal_departamento: string | null;
};

type LineRow = {
  product_name: string;
  color_name: string;
  storage: string;
  sku: string | null;
  quantity: number;
  unit_price: string;
  discount_percent: string;
  iva_rate: string | null;
};

const factLine = (row: LineRow): CfeFactLine => ({
  name: row.product_name,
  variant: variantText({ colorName: row.color_name, storage: row.storage }) || null,
  sku: row.sku,
  quantity: Number(row.quantity),
  unitPrice: row.unit_price,
  discountPercent: row.discount_percent,
  ivaRate: ivaRateOf(row.iva_rate ?? DEFAULT_IVA_RATE),
});

/**
 * The accepted order's facts: its latest revision's lines and totals, or its own lines when
 * staff concluded it without one (decision 080), the buyer from the order's copy of the
 * company data and its address, the seams' rate and due date. Undefined for no such order.
 */
export async function orderFacts(
  tx: Executor,
  orderId: number,
  options: { day: string; fallbackRate: string | undefined; buyerDocument: string | null },
): Promise<CfeOrderFacts | undefined> {
  const [order] = await queryRows<OrderRow>(
    tx,
    sql`select o.purchase_order, o.company_name, o.rut, c.full_name,
               a.address_line1, a.address_line2, a.city, a.state,
               f.street as fiscal_street, f.locality as fiscal_locality,
               f.departamento as fiscal_departamento
        from orders o
        join customers c on c.id = o.customer_id
        left join addresses a on a.id = o.address_id
        left join fiscal_addresses f on f.company_id = o.company_id
        where o.id = ${orderId}`,
  );
  if (!order) return undefined;
  const [revision] = await queryRows<{
    id: number;
    subtotal: string;
    tax: string;
    total: string;
    exchange_rate: string | null;
  }>(
    tx,
    sql`select id, subtotal::text, tax::text, total::text, exchange_rate::text
        from quote_revisions where order_id = ${orderId} order by number desc limit 1`,
  );
  let lines: CfeFactLine[];
  let quoted: CfeOrderFacts['quoted'];
  if (revision) {
    const rows = await queryRows<LineRow>(
      tx,
      sql`select l.product_name, l.color_name, l.storage, v.sku, l.quantity,
                 l.unit_price::text as unit_price, l.discount_percent::text as discount_percent,
                 l.iva_rate
          from quote_revision_lines l left join variants v on v.id = l.variant_id
          where l.revision_id = ${revision.id} order by l.id`,
    );
    lines = rows.map(factLine);
    quoted = { subtotal: revision.subtotal, tax: revision.tax, total: revision.total };
  } else {
    const rows = await queryRows<LineRow>(
      tx,
      sql`select i.product_name, i.color_name, i.storage, v.sku, i.quantity,
                 i.price::text as unit_price, '0' as discount_percent, p.iva_rate
          from order_items i
          left join variants v on v.id = i.variant_id
          left join products p on p.id = i.product_id
          where i.order_id = ${orderId} order by i.id`,
    );
    lines = rows.map(factLine);
    const totals = quoteTotals(lines);
    quoted = { subtotal: totals.subtotal, tax: totals.tax, total: totals.total };
  }
  // The receiver's domicilio fiscal (A-C64..C66) is the company's when it saved one; orders
  // from the checkout carry a delivery, not an address, so without it there is none.
  const place =
    order.fiscal_street && order.fiscal_locality
      ? {
          street: order.fiscal_street,
          city: order.fiscal_locality,
          department: departamentoName(order.fiscal_departamento ?? '') || null,
        }
      : {
          street: [order.address_line1, order.address_line2].filter(Boolean).join(' '),
          city: order.city,
          department: order.state,
        };
  return {
    orderId,
    purchaseOrder: order.purchase_order,
    buyer: {
      name: order.company_name ?? order.full_name,
      rut: order.company_name && order.rut ? order.rut : null,
      document: options.buyerDocument,
      address: place.street || null,
      city: place.city,
      department: place.department,
    },
    lines,
    quoted,
    exchangeRate: await exchangeRateFor(tx, {
      revisionRate: revision?.exchange_rate ?? null,
      day: options.day,
      fallbackRate: options.fallbackRate,
    }),
    dueOn: await orderDueOn(tx, orderId),
  };
}
