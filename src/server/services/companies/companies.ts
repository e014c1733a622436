// Companies with several buyers (docs/decisions/057-companies-with-members.md): a razón social
// with its RUT and its members. The customer who first saves a company's data becomes its
// administrator; the others join by invitation (services/companies/company-invitations.ts).
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompanyFields } from '@shared/schemas/company';
import type { Executor, Transaction } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode, queryRows } from '../../db/client';
import { companies, type CompanyRole, companyMembers, customers } from '../../db/schema';
import type { Database } from '../../db/client';
import { failsAs } from '../../failed-step';
import { fieldRefusal } from '../infra/field-refusal';
import { foundOrThrow } from '../infra/found';

export type Membership = {
  companyId: number;
  companyName: string;
  rut: string;
  role: CompanyRole;
  spendingLimit: string | null;
};

/** The customer's company and role in it, or null for a customer on their own. */
export async function membershipOf(db: Executor, customerId: number): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      rut: companies.rut,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.customerId, customerId));
  return row ?? null;
}

/** The caller's company, when they administer it; FORBIDDEN for a member, NOT_FOUND for none. */
export async function requireCompanyAdmin(db: Executor, customerId: number): Promise<Membership> {
  const membership = await membershipOf(db, customerId);
  if (!membership) throw new TRPCError({ code: 'NOT_FOUND', message: messages.companyNotFound });
  if (membership.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.companyAdminOnly });
  }
  return membership;
}

/**
 * Serialises the changes to one company's members (roles, removals, departures, deletions):
 * each one reads who administers it under this lock, so two of them can never both remove
 * 'another' administrator and leave none.
 */
export async function lockCompany(tx: Transaction, companyId: number) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

/** How many administrators and members the company has, read under its lock. */
export async function companyHeadcount(tx: Transaction, companyId: number) {
  const [row] = await queryRows<{ admins: number; members: number }>(
    tx,
    sql`select count(*) filter (where role = 'admin')::int as admins, count(*)::int as members
        from company_members where company_id = ${companyId}`,
  );
  return row ?? { admins: 0, members: 0 };
}

/** 'Datos de la empresa': the company's data and the caller's role, or blanks without one. */
export async function getCompanyProfile(db: Executor, customerId: number) {
  const membership = await failsAs(messages.userDataFailed, () => membershipOf(db, customerId));
  return {
    companyName: membership?.companyName ?? '',
    rut: membership?.rut ?? '',
    role: membership?.role ?? null,
  };
}

/**
 * Makes `customerId` the administrator of the company with this RUT: a new one, or one left
 * without members (its last member deleted their account). A RUT whose company has members is
 * refused: they invite whoever joins.
 */
async function claimCompany(
  tx: Transaction,
  customerId: number,
  fields: { companyName: string; rut: string },
) {
  const [existing] = await queryRows<{ id: number; members: number }>(
    tx,
    sql`select c.id, (select count(*)::int from company_members m where m.company_id = c.id) as members
        from companies c where c.rut = ${fields.rut} for update`,
  );
  if (existing && existing.members > 0) throw fieldRefusal('rut', messages.companyRutTaken);
  const companyId = existing
    ? existing.id
    : (
        await tx
          .insert(companies)
          .values({ name: fields.companyName, rut: fields.rut })
          .returning({ id: companies.id })
      )[0]!.id;
  if (existing) {
    await tx.update(companies).set({ name: fields.companyName }).where(eq(companies.id, companyId));
  }
  await tx.insert(companyMembers).values({ customerId, companyId, role: 'admin' });
  return companyId;
}

/**
 * Saves 'Datos de la empresa'. Without a company, a razón social and RUT make the caller the
 * administrator of that company; both blank keep them on their own. In a company, only an
 * administrator changes its data, and it cannot be left blank.
 */
export async function saveCompanyProfile(db: Database, customerId: number, input: CompanyFields) {
  try {
    await db.transaction(async (tx) => {
      const membership = await membershipOf(tx, customerId);
      if (!input.companyName && !input.rut) {
        if (membership)
          throw new TRPCError({ code: 'BAD_REQUEST', message: messages.companyRequired });
        return;
      }
      if (!input.companyName || !input.rut) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: messages.companyRequired });
      }
      const fields = { companyName: input.companyName, rut: input.rut };
      if (!membership) {
        await claimCompany(tx, customerId, fields);
        return;
      }
      if (membership.role !== 'admin') {
        throw new TRPCError({ code: 'FORBIDDEN', message: messages.companyAdminOnly });
      }
      await tx
        .update(companies)
        .set({ name: fields.companyName, rut: fields.rut })
        .where(eq(companies.id, membership.companyId));
    });
  } catch (error) {
    // Another company has that RUT (or took it at the same moment).
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw fieldRefusal('rut', messages.companyRutTaken);
    }
    throw error;
  }
}

/**
 * The company data a new quote keeps, and the company it belongs to. A member's quote is the
 * company's, with its data whatever was typed. A customer on their own who typed a razón
 * social and RUT saves them as before, which makes them the administrator of a new company
 * (or of one left without members); a RUT of a company with members only goes on this order,
 * which stays theirs alone.
 */
export async function companyForQuote(
  tx: Transaction,
  customerId: number,
  typed: CompanyFields,
): Promise<{
  fullName: string;
  companyName: string | null;
  rut: string | null;
  companyId: number | null;
}> {
  const customer = await foundOrThrow(
    tx.select({ fullName: customers.fullName }).from(customers).where(eq(customers.id, customerId)),
    messages.customerNotFound,
  );
  const membership = await membershipOf(tx, customerId);
  if (membership) {
    return {
      fullName: customer.fullName,
      companyName: membership.companyName,
      rut: membership.rut,
      companyId: membership.companyId,
    };
  }
  let companyId: number | null = null;
  if (typed.companyName && typed.rut) {
    // A savepoint: a RUT taken by a company with members must not undo the quote.
    companyId = await tx
      .transaction((inner) =>
        claimCompany(inner, customerId, { companyName: typed.companyName!, rut: typed.rut! }),
      )
      .catch((error: unknown) => {
        const isTaken =
          pgErrorCode(error) === PG_UNIQUE_VIOLATION ||
          (error instanceof TRPCError && error.code === 'BAD_REQUEST');
        if (isTaken) return null;
        throw error;
      });
  }
  return {
    fullName: customer.fullName,
    companyName: typed.companyName ?? null,
    rut: typed.rut ?? null,
    companyId,
  };
}
