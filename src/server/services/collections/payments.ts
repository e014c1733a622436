// 'Registrar pago' and its reversal (docs/decisions/084-payments-statement-and-receivables.md):
// staff record what a company (or a customer on their own) paid, and it is applied to its open
// orders, oldest due first unless staff chose them. Two payments at once never over-apply an
// order: each locks the orders it may pay, in ascending id, and reads their balances under the
// locks. Nothing is deleted: a bounced cheque or a mistake is reversed with a reason.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { collectionsMessages, paymentOverBalance } from '@shared/collections-messages';
import { storeDay } from '@shared/format';
import { formatCents, parseCents } from '@shared/money';
import { dollarsCentsOfPesos } from '@shared/quote-math';
import type { PaymentInput, PaymentReversalInput } from '@shared/schemas/collections';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import { recordAudit } from '../infra/audit';
import { rateOfDay } from '../store/exchange-rate';
import { onPaymentAxis, ordersOfPayer, type Payer } from './payment-facts';
import { fieldRefusalError } from '../../validation';

export type Staff = { userId: number; now: Date };

/** The payer's name for the activity log, and where its entry points; NOT_FOUND if none. */
async function payerEntity(tx: Transaction, payer: Payer) {
  const [row] = await queryRows<{ name: string }>(
    tx,
    'companyId' in payer
      ? sql`select name from companies where id = ${payer.companyId}`
      : sql`select full_name as name from customers where id = ${payer.customerId}`,
  );
  if (!row) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message:
        'companyId' in payer
          ? collectionsMessages.companyNotFound
          : collectionsMessages.customerNotFound,
    });
  }
  return 'companyId' in payer
    ? { entityType: 'company' as const, entityId: payer.companyId, label: row.name }
    : { entityType: 'customer' as const, entityId: payer.customerId, label: row.name };
}

/** The US$ a payment pays: as typed, or its pesos at the rate of the day it was received. */
async function dollarsOf(tx: Transaction, input: PaymentInput) {
  if (input.currency === 'USD') return { amount: input.amount, pesos: null };
  const rate = await rateOfDay(tx, input.receivedOn);
  if (!rate) throw fieldRefusalError('amount', collectionsMessages.noRateForDay);
  const cents = dollarsCentsOfPesos(input.amount, rate.rate);
  if (cents === 0n) throw fieldRefusalError('amount', 'El importe debe ser mayor a 0');
  return {
    amount: formatCents(cents),
    pesos: { pesos: input.amount, rate: rate.rate, day: input.receivedOn },
  };
}

type OpenOrder = { id: number; open: string };

/**
 * The payer's orders this payment may pay, locked in ascending id, with what each still has
 * open: its amount owed minus every payment not reversed applied to it, deferred cheques
 * included (what they will pay is spoken for). Oldest due first; due days still unknown last.
 */
async function lockOpenOrders(tx: Transaction, payer: Payer, chosen: number[] | undefined) {
  const only = chosen ? sql`and o.id in (${sql.join(chosen, sql`, `)})` : sql``;
  const locked = await queryRows<{ id: number }>(
    tx,
    sql`select o.id from orders o where ${ordersOfPayer(payer)} and ${onPaymentAxis} ${only}
        order by o.id for no key update`,
  );
  if (locked.length === 0) return [];
  const rows = await queryRows<OpenOrder>(
    tx,
    sql`select o.id, (o.amount_due - coalesce((
              select sum(a.amount) from payment_allocations a
              join payments p on p.id = a.payment_id
              where a.order_id = o.id and p.reversed_at is null), 0))::text as open
        from orders o
        where o.id in (${sql.join(
          locked.map((row) => row.id),
          sql`, `,
        )})
        order by o.due_on nulls last, o.id`,
  );
  return rows.filter((row) => parseCents(row.open) > 0n);
}

/** Spreads `amount` over `orders` in their order: each takes what it has open, the last the rest. */
export function allocate(amountCents: bigint, orders: OpenOrder[]) {
  const allocations: { orderId: number; cents: bigint }[] = [];
  let left = amountCents;
  for (const order of orders) {
    if (left === 0n) break;
    const open = parseCents(order.open);
    const cents = open < left ? open : left;
    allocations.push({ orderId: order.id, cents });
    left -= cents;
  }
  return { allocations, left };
}

/** 'Registrar pago': the payment and what it pays, or a refusal under the field at fault. */
export async function recordPayment(db: Database, input: PaymentInput, staff: Staff) {
  if (input.receivedOn > storeDay(staff.now)) {
    throw fieldRefusalError('receivedOn', collectionsMessages.receivedInFuture);
  }
  return transactionRetried(db, async (tx) => {
    const entity = await payerEntity(tx, input.payer);
    const { amount, pesos } = await dollarsOf(tx, input);
    const chosen = input.orderIds?.length ? [...new Set(input.orderIds)] : undefined;
    const open = await lockOpenOrders(tx, input.payer, chosen);
    if (chosen && chosen.some((id) => !open.some((order) => order.id === id))) {
      throw fieldRefusalError('orderIds', collectionsMessages.orderNotPayable);
    }
    if (open.length === 0) throw fieldRefusalError('amount', collectionsMessages.nothingToPay);
    const { allocations, left } = allocate(parseCents(amount), open);
    if (left > 0n) {
      const total = open.reduce((sum, order) => sum + parseCents(order.open), 0n);
      throw fieldRefusalError('amount', paymentOverBalance(formatCents(total)));
    }
    const isCheque = input.method === 'cheque';
    const [payment] = await queryRows<{ id: number }>(
      tx,
      sql`insert into payments (company_id, customer_id, method, bank, reference, cheque_number,
            received_on, collect_on, amount, pesos, exchange_rate, rate_day, note, created_by,
            created_at)
          values (${'companyId' in input.payer ? input.payer.companyId : null},
                  ${'customerId' in input.payer ? input.payer.customerId : null},
                  ${input.method}, ${input.bank ?? null},
                  ${input.method === 'transfer' ? (input.reference ?? null) : null},
                  ${isCheque ? (input.chequeNumber ?? null) : null}, ${input.receivedOn}::date,
                  ${isCheque ? (input.collectOn ?? input.receivedOn) : null}::date, ${amount},
                  ${pesos?.pesos ?? null}, ${pesos?.rate ?? null}, ${pesos?.day ?? null}::date,
                  ${input.note ?? null}, ${staff.userId}, ${staff.now.toISOString()}::timestamptz)
          returning id`,
    );
    for (const allocation of allocations) {
      await tx.execute(
        sql`insert into payment_allocations (payment_id, order_id, amount)
            values (${payment!.id}, ${allocation.orderId}, ${formatCents(allocation.cents)})`,
      );
    }
    const applied = allocations.map((a) => ({ orderId: a.orderId, amount: formatCents(a.cents) }));
    await recordAudit(tx, {
      userId: staff.userId,
      ...entity,
      action: 'payment',
      changes: {
        amount: { before: null, after: amount },
        ...(pesos ? { pesos: { before: null, after: `${pesos.pesos} a ${pesos.rate}` } } : {}),
        method: { before: null, after: input.method },
        orders: { before: null, after: applied.map((a) => `#${a.orderId}: ${a.amount}`) },
      },
    });
    return { paymentId: payment!.id, amount, applied };
  });
}

/** 'Revertir': a bounced cheque or a mistake stops counting, with who, when and why. */
export async function reversePayment(db: Database, input: PaymentReversalInput, staff: Staff) {
  await db.transaction(async (tx) => {
    const [payment] = await queryRows<{
      company_id: number | null;
      customer_id: number | null;
      amount: string;
      reversed_at: string | null;
    }>(
      tx,
      sql`select company_id, customer_id, amount::text as amount, reversed_at from payments
          where id = ${input.paymentId} for update`,
    );
    if (!payment) {
      throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.paymentNotFound });
    }
    if (payment.reversed_at !== null) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: collectionsMessages.paymentAlreadyReversed,
      });
    }
    await tx.execute(
      sql`update payments set reversed_at = ${staff.now.toISOString()}::timestamptz,
            reversed_by = ${staff.userId}, reversal_reason = ${input.reason}
          where id = ${input.paymentId}`,
    );
    const payer: Payer =
      payment.company_id !== null
        ? { companyId: payment.company_id }
        : { customerId: payment.customer_id! };
    await recordAudit(tx, {
      userId: staff.userId,
      ...(await payerEntity(tx, payer)),
      action: 'reversal',
      changes: {
        amount: { before: payment.amount, after: null },
        reason: { before: null, after: input.reason },
      },
    });
  });
}
