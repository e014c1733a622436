// Transactions that PostgreSQL aborted as a deadlock's or serialization's victim run once more.
import type { Database, Transaction } from './client';
import { PG_RETRYABLE, pgErrorCode } from './errors';

/**
 * Transactions transactionRetried ran again in this process, by SQLSTATE: /metrics reports
 * them (`db_transactions_retried_total`). Above zero means some writer broke the lock order.
 */
export const retriedTransactions = new Map<string, number>();

/**
 * db.transaction, run once more when PostgreSQL aborted it with 40P01 (deadlock detected) or
 * 40001 (serialization failure): the whole transaction, from its first statement. A safety
 * net only: the stock writers take their locks in one order (services/catalog/stock-locks.ts,
 * docs/decisions/048-one-lock-order-for-stock.md), so neither should happen. `beforeRetry`
 * undoes what the failed attempt did outside the database (files it wrote).
 */
export async function transactionRetried<T>(
  db: Database,
  run: (tx: Transaction) => Promise<T>,
  options: { beforeRetry?: () => Promise<void> } = {},
): Promise<T> {
  try {
    return await db.transaction(run);
  } catch (error) {
    const code = pgErrorCode(error) ?? '';
    if (!PG_RETRYABLE.has(code)) throw error;
    retriedTransactions.set(code, (retriedTransactions.get(code) ?? 0) + 1);
    await options.beforeRetry?.();
    return db.transaction(run);
  }
}
