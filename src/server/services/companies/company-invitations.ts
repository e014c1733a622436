// An administrator invites people by e-mail: a link valid INVITATION_DAYS days. Whoever opens it
// signs in or registers with that same address and joins; an account with another address is
// refused, so a forwarded link lets nobody else in.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { INVITATION_DAYS } from '@shared/schemas/company-members';
import { hashLinkToken, newLinkToken } from '../../auth/tokens';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { companies, companyInvitations, companyMembers, customers, users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { queueMail } from '../../mail/order-mails';
import type { MailContext } from '../infra/account-mail-context';
import { companyHeadcount, lockCompany, membershipOf, requireCompanyAdmin } from './companies';
import { fieldRefusalError } from '../../validation';

/** The page an invitation's link opens; the token follows '#'. */
export const INVITATION_PATH = '/invitacion';
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60_000;

/**
 * The administrator who may invite: only an account whose own address is confirmed, so an
 * address nobody proved cannot make the store mail strangers
 * (docs/decisions/076-secrets-out-of-backups-and-mails.md). Refused under the form's e-mail.
 */
export async function requireInviter(db: Executor, adminCustomerId: number) {
  const admin = await requireCompanyAdmin(db, adminCustomerId);
  const [account] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, adminCustomerId));
  if (!account?.emailVerifiedAt) {
    throw fieldRefusalError('email', messages.invitationNeedsVerifiedEmail);
  }
  return admin;
}

/**
 * Invites `email` to the administrator's company: a new link (inviting the address again
 * replaces the previous one) and its mail. An address that is already a member is refused,
 * and so is an administrator whose own address is not confirmed.
 */
export async function inviteMember(
  db: Database,
  adminCustomerId: number,
  email: string,
  context: MailContext,
) {
  await db.transaction(async (tx) => {
    const admin = await requireInviter(tx, adminCustomerId);
    const [member] = await tx
      .select({ id: companyMembers.customerId })
      .from(companyMembers)
      .innerJoin(customers, eq(customers.id, companyMembers.customerId))
      .innerJoin(users, eq(users.id, customers.userId))
      .where(and(eq(companyMembers.companyId, admin.companyId), eq(users.email, email)));
    if (member) throw fieldRefusalError('email', messages.invitationAlreadyMember);
    const [inviter] = await tx
      .select({ fullName: customers.fullName })
      .from(customers)
      .where(eq(customers.id, adminCustomerId));
    // The link's token is made when its mail is sent (mintInvitationToken); until then the
    // row holds the hash of one nobody ever sees (docs/decisions/076-secrets-out-of-backups-and-mails.md).
    const invitation = {
      tokenHash: hashLinkToken(newLinkToken()),
      invitedBy: adminCustomerId,
      createdAt: context.now,
      expiresAt: new Date(context.now.getTime() + INVITATION_MS),
    };
    const [row] = await tx
      .insert(companyInvitations)
      .values({ companyId: admin.companyId, email, ...invitation })
      .onConflictDoUpdate({
        target: [companyInvitations.companyId, companyInvitations.email],
        set: invitation,
      })
      .returning({ id: companyInvitations.id });
    await queueMail(
      tx,
      accountMails(context.store).invitation(email, {
        companyName: admin.companyName,
        inviterName: inviter?.fullName ?? admin.companyName,
        path: INVITATION_PATH,
        invitationId: row!.id,
        days: INVITATION_DAYS,
      }),
    );
  });
}

/**
 * The token of an invitation's mail being sent to `email`: a new link, valid INVITATION_DAYS
 * from now (the previous one stops working); null when the invitation was accepted or
 * cancelled since.
 */
export async function mintInvitationToken(
  db: Executor,
  invitationId: number,
  email: string,
  now: Date,
): Promise<string | null> {
  const token = newLinkToken();
  const minted = await db
    .update(companyInvitations)
    .set({ tokenHash: hashLinkToken(token), expiresAt: new Date(now.getTime() + INVITATION_MS) })
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.email, email)))
    .returning({ id: companyInvitations.id });
  return minted.length > 0 ? token : null;
}

export async function cancelInvitation(
  db: Database,
  adminCustomerId: number,
  invitationId: number,
) {
  const admin = await requireCompanyAdmin(db, adminCustomerId);
  await db
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, invitationId),
        eq(companyInvitations.companyId, admin.companyId),
      ),
    );
}

type InvitationRow = {
  id: number;
  company_id: number;
  company_name: string;
  email: string;
  inviter_name: string | null;
  is_live: boolean;
};

async function findInvitation(db: Executor, token: string, now: Date, lock = sql``) {
  const [row] = await queryRows<InvitationRow>(
    db,
    sql`select i.id, i.company_id, c.name as company_name, i.email, inviter.full_name as inviter_name,
               i.expires_at > ${now.toISOString()}::timestamptz as is_live
        from company_invitations i
        join companies c on c.id = i.company_id
        left join customers inviter on inviter.id = i.invited_by
        where i.token_hash = ${hashLinkToken(token)} ${lock}`,
  );
  if (!row?.is_live)
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.invitationInvalid });
  return row;
}

/** What the invitation's page shows before anyone signs in: the company and the address. */
export async function getInvitation(db: Database, token: string, now: Date) {
  const invitation = await findInvitation(db, token, now);
  return {
    companyName: invitation.company_name,
    email: invitation.email,
    inviterName: invitation.inviter_name,
  };
}

/**
 * The address a live invitation was mailed to: signing up from its link with that address
 * proves the mailbox. Refused like an unknown link when it expired or no longer exists.
 */
export async function invitedAddress(db: Executor, token: string, now: Date): Promise<string> {
  return (await findInvitation(db, token, now)).email;
}

/**
 * 'Unirme': the signed-in account joins the company as a member, if its address is the one
 * invited. Opening the mailed link proved that mailbox, so the address counts as confirmed.
 */
export async function acceptInvitation(
  db: Database,
  account: { customerId: number; userId: number; email: string },
  token: string,
  now: Date,
): Promise<{ companyName: string }> {
  return db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, token, now, sql`for update of i`);
    if (invitation.email !== account.email) {
      throw new TRPCError({ code: 'FORBIDDEN', message: messages.invitationOtherEmail });
    }
    const current = await membershipOf(tx, account.customerId);
    if (current && current.companyId !== invitation.company_id) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.invitationInOtherCompany });
    }
    await lockCompany(tx, invitation.company_id);
    // A company left without members is handed over by staff only (decision 074): an
    // invitation sent before its last member left opens nothing.
    if ((await companyHeadcount(tx, invitation.company_id)).members === 0) {
      throw new TRPCError({ code: 'NOT_FOUND', message: messages.invitationInvalid });
    }
    if (!current) {
      await tx.insert(companyMembers).values({
        customerId: account.customerId,
        companyId: invitation.company_id,
        role: 'member',
      });
    }
    await tx.delete(companyInvitations).where(eq(companyInvitations.id, invitation.id));
    await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, account.userId));
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, invitation.company_id));
    return { companyName: company?.name ?? invitation.company_name };
  });
}
