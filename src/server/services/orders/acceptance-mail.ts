// Staff's 'Cotización aceptada' mail, queued by every path that makes a quote Concretado from
// the buyer's acceptance: the buyer alone (acceptRevision), an administrator's approval above a
// spending limit (approveOrder, docs/decisions/058-spending-limits-and-approval.md) and the
// store's credit approval (approveCredit, docs/decisions/083-terms-credit-and-due-dates.md).
// It reads the facts from the order it was given, so no path can leave out the OC or the total
// (docs/decisions/090-asking-for-changes-is-an-event.md).
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';

/** How the acceptance took effect, as the mail says it. */
export type AcceptancePath =
  { kind: 'buyer' } | { kind: 'company'; adminName: string } | { kind: 'credit' };

const viaText = (path: AcceptancePath) =>
  path.kind === 'company'
    ? `con la aprobación de ${path.adminName}, administrador de la empresa`
    : path.kind === 'credit'
      ? 'con el crédito aprobado por la tienda'
      : undefined;

/** Queues the mail in the transaction that concluded the order, from the order's own rows. */
export async function queueAcceptedToStaff(
  tx: Transaction,
  orderId: number,
  to: { staffEmail: string; store: StoreIdentity },
  path: AcceptancePath,
) {
  const [order] = await queryRows<{
    revision: number;
    total: string;
    customer: string;
    company: string | null;
    purchase_order: string | null;
  }>(
    tx,
    sql`select r.number as revision, r.total::text as total, c.full_name as customer,
               o.company_name as company, o.purchase_order
        from orders o
        join customers c on c.id = o.customer_id
        join lateral (select number, total from quote_revisions where order_id = o.id
                      order by number desc limit 1) r on true
        where o.id = ${orderId}`,
  );
  if (!order) throw new Error(`order ${orderId} has no revision to accept`);
  await queueMail(
    tx,
    orderMails(to.store).acceptedToStaff(to.staffEmail, {
      orderId,
      revision: order.revision,
      customer: order.customer,
      company: order.company || null,
      total: order.total,
      purchaseOrder: order.purchase_order,
      via: viaText(path),
    }),
  );
}
