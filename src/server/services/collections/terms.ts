// A company's 'Condiciones de pago' and 'Límite de crédito', which staff set on its page, and the
// credit it has left, which staff and the company's administrators read
// (docs/decisions/083-terms-credit-and-due-dates.md).
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { collectionsMessages } from '@shared/collections-messages';
import { storeDay } from '@shared/format';
import { formatCents, parseCents } from '@shared/money';
import type { CompanyTermsInput } from '@shared/schemas/collections';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { changedFields, recordAudit } from '../infra/audit';
import { creditUsed } from './payment-facts';

type TermsRow = {
  name: string;
  payment_terms_days: number;
  payment_terms_from: 'acceptance' | 'delivery';
  credit_limit: string | null;
};

const termsOf = (row: TermsRow) => ({
  paymentTermsDays: row.payment_terms_days,
  paymentTermsFrom: row.payment_terms_from,
  creditLimit: row.credit_limit,
});

/** The company's terms and limit, what its open orders use, and what is left (limit - used). */
export async function companyCredit(db: Executor, companyId: number, now: Date) {
  const [row] = await queryRows<TermsRow>(
    db,
    sql`select name, payment_terms_days, payment_terms_from, credit_limit::text as credit_limit
        from companies where id = ${companyId}`,
  );
  if (!row)
    throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.companyNotFound });
  const used = await creditUsed(db, companyId, storeDay(now));
  const left = row.credit_limit === null ? null : parseCents(row.credit_limit) - parseCents(used);
  return {
    ...termsOf(row),
    used,
    /** Null without a limit; zero when the company owes its whole limit or more. */
    available: left === null ? null : formatCents(left > 0n ? left : 0n),
  };
}

/** Staff save the terms and the limit; every change goes to the activity log. */
export async function setCompanyTerms(
  db: Database,
  input: CompanyTermsInput,
  staff: { userId: number },
) {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<TermsRow>(
      tx,
      sql`select name, payment_terms_days, payment_terms_from, credit_limit::text as credit_limit
          from companies where id = ${input.companyId} for no key update`,
    );
    if (!before) {
      throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.companyNotFound });
    }
    await tx.execute(
      sql`update companies set payment_terms_days = ${input.paymentTermsDays},
            payment_terms_from = ${input.paymentTermsFrom}, credit_limit = ${input.creditLimit}
          where id = ${input.companyId}`,
    );
    const after = {
      paymentTermsDays: input.paymentTermsDays,
      paymentTermsFrom: input.paymentTermsFrom,
      creditLimit: input.creditLimit,
    };
    const was = termsOf(before);
    const changes = changedFields(
      { ...was, creditLimit: was.creditLimit && formatCents(parseCents(was.creditLimit)) },
      after,
    );
    if (Object.keys(changes).length === 0) return;
    await recordAudit(tx, {
      userId: staff.userId,
      entityType: 'company',
      entityId: input.companyId,
      action: 'update',
      label: before.name,
      changes,
    });
  });
}
