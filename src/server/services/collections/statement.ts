// The 'Estado de cuenta' of a payer: its credit, its open orders with due days and balances,
// its payments and the totals, in US$ and in pesos at today's rate. The buyer reads it at
// /account/empresa/cuenta (and as a PDF), staff on the company's or customer's page
// (docs/decisions/084-payments-statement-and-receivables.md).
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { collectionsMessages } from '@shared/collections-messages';
import { storeDay } from '@shared/format';
import { formatCents, parseCents } from '@shared/money';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { membershipOf } from '../companies/companies';
import { rateOfDay } from '../store/exchange-rate';
import type { Payer } from './payment-facts';
import { openOrdersOf, paymentsOf } from './payment-reads';
import { companyCredit } from './terms';

const sumOf = (amounts: string[]) =>
  formatCents(amounts.reduce((sum, amount) => sum + parseCents(amount), 0n));

async function payerName(db: Executor, payer: Payer) {
  const [row] = await queryRows<{ name: string; rut: string | null }>(
    db,
    'companyId' in payer
      ? sql`select name, rut from companies where id = ${payer.companyId}`
      : sql`select full_name as name, null as rut from customers where id = ${payer.customerId}`,
  );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.orderNotFound });
  return row;
}

/** The statement of `payer` on `now`'s Montevideo day. */
export async function statementOf(db: Executor, payer: Payer, now: Date) {
  const today = storeDay(now);
  const [who, orders, payments, rate] = await Promise.all([
    payerName(db, payer),
    openOrdersOf(db, payer, now),
    paymentsOf(db, payer, now),
    rateOfDay(db, today),
  ]);
  const credit =
    'companyId' in payer
      ? await companyCredit(db, payer.companyId, now)
      : {
          paymentTermsDays: 0,
          paymentTermsFrom: 'acceptance' as const,
          creditLimit: null,
          used: sumOf(orders.map((order) => order.balance)),
          available: null,
        };
  return {
    today,
    name: who.name,
    rut: who.rut,
    credit,
    orders,
    payments,
    totals: {
      balance: sumOf(orders.map((order) => order.balance)),
      overdue: sumOf(
        orders.filter((order) => order.paymentStatus === 'Vencido').map((order) => order.balance),
      ),
      toCollect: sumOf(orders.map((order) => order.toCollect)),
    },
    /** Today's rate for the pesos shown beside the totals; null before the store had one. */
    rate,
  };
}

export type Statement = Awaited<ReturnType<typeof statementOf>>;

/**
 * Whose statement a customer reads: their company's when they administer it, their own
 * orders' when they have no company; a member who does not administer is FORBIDDEN (the
 * credit line is the administrators' business).
 */
export async function statementPayerOf(db: Executor, customerId: number): Promise<Payer> {
  const membership = await membershipOf(db, customerId);
  if (!membership) return { customerId };
  if (membership.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: collectionsMessages.statementAdminOnly });
  }
  return { companyId: membership.companyId };
}
