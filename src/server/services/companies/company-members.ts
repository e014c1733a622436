// /account/empresa/usuarios: who belongs to the company, with what role and spending limit.
// Every change is made by an administrator under the company's lock, and none leaves the
// company without an administrator while it has members.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompanyMemberRole } from '@shared/schemas/company-members';
import type { Database, Transaction } from '../../db/client';
import { companyInvitations, companyMembers, customers } from '../../db/schema';
import { companyHeadcount, lockCompany, membershipOf, requireCompanyAdmin } from './companies';

/** The company, its members, and for an administrator the invitations still pending. */
export async function getCompanyMembers(db: Database, customerId: number, now: Date) {
  const membership = await membershipOf(db, customerId);
  if (!membership) return null;
  const members = await db
    .select({
      customerId: companyMembers.customerId,
      fullName: customers.fullName,
      email: customers.email,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
      joinedAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(customers, eq(customers.id, companyMembers.customerId))
    .where(eq(companyMembers.companyId, membership.companyId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.customerId));
  const isAdmin = membership.role === 'admin';
  const invitations = isAdmin
    ? await db
        .select({
          id: companyInvitations.id,
          email: companyInvitations.email,
          expiresAt: companyInvitations.expiresAt,
          createdAt: companyInvitations.createdAt,
        })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, membership.companyId),
            gt(companyInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(companyInvitations.createdAt))
    : [];
  return {
    company: { id: membership.companyId, name: membership.companyName, rut: membership.rut },
    role: membership.role,
    members: members.map((member) => ({ ...member, isYou: member.customerId === customerId })),
    invitations,
  };
}

/** The administrator's company, locked, and the target member's row in it. */
async function lockedMember(tx: Transaction, adminCustomerId: number, targetCustomerId: number) {
  // The roles are read again under the lock: one read before it may be stale by then.
  const before = await membershipOf(tx, adminCustomerId);
  if (before) await lockCompany(tx, before.companyId);
  const { companyId } = await requireCompanyAdmin(tx, adminCustomerId);
  const [target] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(
      and(eq(companyMembers.companyId, companyId), eq(companyMembers.customerId, targetCustomerId)),
    );
  if (!target) throw new TRPCError({ code: 'NOT_FOUND', message: messages.memberNotFound });
  return { companyId, target };
}

/** Refuses a change that would take away the company's last administrator. */
async function keepAnAdmin(tx: Transaction, companyId: number, target: { role: string }) {
  if (target.role !== 'admin') return;
  const { admins } = await companyHeadcount(tx, companyId);
  if (admins <= 1) throw new TRPCError({ code: 'CONFLICT', message: messages.lastAdmin });
}

export async function removeMember(db: Database, adminCustomerId: number, customerId: number) {
  await db.transaction(async (tx) => {
    const { companyId, target } = await lockedMember(tx, adminCustomerId, customerId);
    await keepAnAdmin(tx, companyId, target);
    await tx.delete(companyMembers).where(eq(companyMembers.customerId, customerId));
  });
}

export async function setMemberRole(
  db: Database,
  adminCustomerId: number,
  input: { customerId: number; role: CompanyMemberRole },
) {
  await db.transaction(async (tx) => {
    const { companyId, target } = await lockedMember(tx, adminCustomerId, input.customerId);
    if (input.role === target.role) return;
    if (input.role === 'member') await keepAnAdmin(tx, companyId, target);
    await tx
      .update(companyMembers)
      .set({ role: input.role })
      .where(eq(companyMembers.customerId, input.customerId));
  });
}

/** A member's limit in US$ (the quote's total with tax), or null for none. */
export async function setSpendingLimit(
  db: Database,
  adminCustomerId: number,
  input: { customerId: number; limit: string | null },
) {
  await db.transaction(async (tx) => {
    await lockedMember(tx, adminCustomerId, input.customerId);
    await tx
      .update(companyMembers)
      .set({ spendingLimit: input.limit })
      .where(eq(companyMembers.customerId, input.customerId));
  });
}

/**
 * 'Salir de la empresa'. The last administrator may leave only as its last member (the company
 * stays, without members, with its orders); otherwise they name another one first.
 */
export async function leaveCompany(db: Database, customerId: number) {
  await db.transaction((tx) => leaveInside(tx, customerId, messages.lastAdmin));
}

/** Leaving inside the caller's transaction (also when an account is deleted). */
export async function leaveInside(tx: Transaction, customerId: number, lastAdminMessage: string) {
  const before = await membershipOf(tx, customerId);
  if (!before) return;
  await lockCompany(tx, before.companyId);
  const membership = await membershipOf(tx, customerId);
  if (membership?.role === 'admin') {
    const { admins, members } = await companyHeadcount(tx, membership.companyId);
    if (admins <= 1 && members > 1) {
      throw new TRPCError({ code: 'CONFLICT', message: lastAdminMessage });
    }
  }
  await tx.delete(companyMembers).where(eq(companyMembers.customerId, customerId));
  // The last one out: no invitation of theirs opens the empty company any more; only staff
  // hand it over (docs/decisions/074-a-rut-is-not-a-key.md).
  if (membership && (await companyHeadcount(tx, membership.companyId)).members === 0) {
    await tx
      .delete(companyInvitations)
      .where(eq(companyInvitations.companyId, membership.companyId));
  }
}
