// Companies with several buyers (docs/decisions/057-companies-with-members.md): a razón social
// with its RUT and its members. The customer who founds a company (a RUT no company has yet)
// becomes its administrator; the others join by invitation (services/companies/company-invitations.ts),
// and a company left without members is handed over by staff (company-hand-over.ts,
// docs/decisions/074-a-rut-is-not-a-key.md).
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompanyFields } from '@shared/schemas/company';
import type { Executor, Transaction } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/queries';
import { companies, type CompanyRole, companyMembers, customers } from '../../db/schema';
import type { Database } from '../../db/client';
import { failsAs } from '../../failed-step';
import { foundOrThrow } from '../infra/found';
import { fieldRefusalError } from '../../validation';

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
 * Makes `customerId` the administrator of a new company with this RUT. A RUT that already names
 * a company is refused at the RUT field, whether that company has members or none: RUTs are
 * public, so typing one proves nothing (docs/decisions/074-a-rut-is-not-a-key.md). Members
 * join by invitation; a company left without members is handed over by staff.
 */
async function foundCompany(
  tx: Transaction,
  customerId: number,
  fields: { companyName: string; rut: string },
) {
  const [existing] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.rut, fields.rut));
  if (existing) throw fieldRefusalError('rut', messages.companyRutTaken);
  // The unique index decides between two first savers at once (the caller maps its error).
  const [company] = await tx
    .insert(companies)
    .values({ name: fields.companyName, rut: fields.rut })
    .returning({ id: companies.id });
  await tx.insert(companyMembers).values({ customerId, companyId: company!.id, role: 'admin' });
  return company!.id;
}

/** Another company took the RUT at the same moment: the same refusal as one found before. */
function rutTakenOnRace(error: unknown): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
    throw fieldRefusalError('rut', messages.companyRutTaken);
  }
  throw error;
}

/**
 * Saves 'Datos de la empresa'. Without a company, a razón social and a new RUT make the caller
 * the administrator of that company; both blank keep them on their own. In a company, only an
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
        await foundCompany(tx, customerId, fields);
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
    // Another company has that RUT (an administrator changing theirs), or took it at once.
    rutTakenOnRace(error);
  }
}

/**
 * The company data a new quote keeps, and the company it belongs to. A member's quote is the
 * company's, with its data whatever was typed. A customer on their own who typed a razón
 * social and a new RUT founds that company, as saving them would; the RUT of a company that
 * exists refuses the whole quote at the RUT field, so nobody asks for a quote under another
 * company's name (docs/decisions/074-a-rut-is-not-a-key.md).
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
    const fields = { companyName: typed.companyName, rut: typed.rut };
    // A savepoint, so that losing the unique index to a simultaneous founder is answered as
    // the refusal it is, not as a failed transaction.
    companyId = await tx
      .transaction((inner) => foundCompany(inner, customerId, fields))
      .catch(rutTakenOnRace);
  } else if (typed.rut) {
    // A RUT without razón social makes no company, but an existing one's is not borrowed.
    const [existing] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.rut, typed.rut));
    if (existing) throw fieldRefusalError('rut', messages.companyRutTaken);
  }
  return {
    fullName: customer.fullName,
    companyName: typed.companyName ?? null,
    rut: typed.rut ?? null,
    companyId,
  };
}
