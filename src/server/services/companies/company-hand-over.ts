// The staff hand-over of a company left without members (docs/decisions/074-a-rut-is-not-a-key.md):
// typing its RUT gives it to nobody, so staff, who can check who the person is, name an
// existing customer account its administrator from the company's dashboard page.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompanyHandOverInput } from '@shared/schemas/customers';
import type { Database, Transaction } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/queries';
import { companyInvitations, companyMembers } from '../../db/schema';
import { recordAudit } from '../infra/audit';
import { companyHeadcount, lockCompany, membershipOf } from './companies';
import { fieldRefusalError } from '../../validation';

type Account = { customer_id: number; full_name: string; email: string; is_staff: boolean };

/** The customer whose account signs in with `email`; a deleted account has none. */
async function accountByEmail(tx: Transaction, email: string) {
  const [account] = await queryRows<Account>(
    tx,
    sql`select c.id as customer_id, c.full_name, u.email,
               exists (select 1 from user_roles r
                       where r.user_id = u.id and r.role = 'admin') as is_staff
        from users u join customers c on c.user_id = u.id
        where u.email = ${email}`,
  );
  return account;
}

/**
 * Makes the customer with this e-mail the administrator of company `input.id`, which must have
 * no members; the activity log records who handed which company to whom. Refused: a company
 * that still has members (its administrators invite), an address without a customer account
 * (staff accounts included), a customer who already belongs to a company.
 */
export async function handOverCompany(
  db: Database,
  input: CompanyHandOverInput,
  actor: { userId: number },
) {
  await db.transaction(async (tx) => {
    // Under the company's lock, as every change of its members: a member joining at the same
    // moment (an invitation accepted) is seen here, or sees this administrator.
    await lockCompany(tx, input.id);
    const [company] = await queryRows<{ name: string }>(
      tx,
      sql`select name from companies where id = ${input.id}`,
    );
    if (!company) {
      throw new TRPCError({ code: 'NOT_FOUND', message: messages.companyNotFoundStaff });
    }
    if ((await companyHeadcount(tx, input.id)).members > 0) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.handOverHasMembers });
    }
    const account = await accountByEmail(tx, input.email);
    if (!account || account.is_staff) throw fieldRefusalError('email', messages.handOverNoAccount);
    if (await membershipOf(tx, account.customer_id)) {
      throw fieldRefusalError('email', messages.handOverInCompany);
    }
    await tx
      .insert(companyMembers)
      .values({ customerId: account.customer_id, companyId: input.id, role: 'admin' })
      .catch((error: unknown) => {
        // They joined a company (an invitation accepted) since the check: one company each.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          throw fieldRefusalError('email', messages.handOverInCompany);
        }
        throw error;
      });
    // What a former administrator left pending is theirs, not the new one's.
    await tx.delete(companyInvitations).where(eq(companyInvitations.companyId, input.id));
    await recordAudit(tx, {
      userId: actor.userId,
      entityType: 'company',
      entityId: input.id,
      action: 'update',
      label: company.name,
      changes: {
        administrator: { before: null, after: `${account.full_name} (${account.email})` },
      },
    });
  });
}
