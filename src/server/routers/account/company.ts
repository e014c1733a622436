import { messages } from '@shared/messages';
import {
  approvalInputSchema,
  declineInputSchema,
  invitationIdSchema,
  inviteMemberSchema,
  memberIdSchema,
  memberRoleSchema,
  spendingLimitSchema,
} from '@shared/schemas/company-members';
import { accountOrdersInputSchema } from '@shared/schemas/order';
import { staffEmailOf } from '../../config';
import {
  cancelInvitation,
  inviteMember,
  requireInviter,
} from '../../services/companies/company-invitations';
import {
  getCompanyMembers,
  leaveCompany,
  removeMember,
  setMemberRole,
  setSpendingLimit,
} from '../../services/companies/company-members';
import { listCompanyOrders } from '../../services/companies/company-orders';
import { approveOrder, declineOrder } from '../../services/orders/order-approval';
import { paymentAxis } from '../../services/collections/payment-axis';
import type { Context } from '../../trpc/context';
import type { SessionUser } from '../../auth/session';
import { consumeOrRefuse, customerProcedure, router } from '../../trpc/init';
import { mailContextOf } from './context';

type CustomerContext = Context & {
  session: SessionUser & { customer: NonNullable<SessionUser['customer']> };
};

/** The administrator deciding on an order, with what the mails need. */
const approverOf = async (ctx: CustomerContext) => ({
  customerId: ctx.session.customer.id,
  userId: ctx.session.user.id,
  fullName: ctx.session.customer.fullName,
  staffEmail: staffEmailOf(ctx.config),
  ...(await mailContextOf(ctx)),
});

/**
 * The caller's company: its members and invitations
 * (/account/empresa/usuarios), its orders, and the approvals its administrators decide.
 * Every procedure acts on the caller's own company, never on one the client names.
 */
export const accountCompanyRouter = router({
  /** Null for a customer without company. */
  members: customerProcedure.query(({ ctx }) =>
    getCompanyMembers(ctx.db, ctx.session.customer.id, ctx.clock.now()),
  ),
  /**
   * Only a confirmed administrator, refused before any limit is counted; then a day's
   * invitations per company, per inviting account and per invited address.
   */
  invite: customerProcedure.input(inviteMemberSchema).mutation(async ({ ctx, input }) => {
    const customerId = ctx.session.customer.id;
    const { companyId } = await requireInviter(ctx.db, customerId);
    await consumeOrRefuse(ctx.invitationLimiter, `invite:${companyId}`, messages.invitationTooMany);
    await consumeOrRefuse(
      ctx.invitationSenderLimiter,
      `invite-from:${ctx.session.user.id}`,
      messages.invitationTooMany,
    );
    await consumeOrRefuse(
      ctx.invitationRecipientLimiter,
      `invite-to:${input.email}`,
      messages.invitationTooManyToAddress,
    );
    await inviteMember(ctx.db, customerId, input.email, await mailContextOf(ctx));
  }),
  cancelInvitation: customerProcedure
    .input(invitationIdSchema)
    .mutation(({ ctx, input }) =>
      cancelInvitation(ctx.db, ctx.session.customer.id, input.invitationId),
    ),
  removeMember: customerProcedure
    .input(memberIdSchema)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.session.customer.id, input.customerId)),
  setRole: customerProcedure
    .input(memberRoleSchema)
    .mutation(({ ctx, input }) => setMemberRole(ctx.db, ctx.session.customer.id, input)),
  setSpendingLimit: customerProcedure
    .input(spendingLimitSchema)
    .mutation(({ ctx, input }) => setSpendingLimit(ctx.db, ctx.session.customer.id, input)),
  leave: customerProcedure.mutation(({ ctx }) => leaveCompany(ctx.db, ctx.session.customer.id)),

  /** 'Todos los de la empresa' of /account/pedidos, with who requested each. */
  orders: customerProcedure
    .input(accountOrdersInputSchema)
    .query(({ ctx, input }) => listCompanyOrders(ctx.db, ctx.session.customer.id, input)),

  /** 'Aprobar' an order waiting for approval: only an administrator of its company. */
  approve: customerProcedure.input(approvalInputSchema).mutation(async ({ ctx, input }) => {
    await approveOrder(ctx.db, input.orderId, await approverOf(ctx), paymentAxis);
  }),
  /** 'Rechazar', with the reason the member reads. */
  decline: customerProcedure.input(declineInputSchema).mutation(async ({ ctx, input }) => {
    await declineOrder(ctx.db, input, await approverOf(ctx));
  }),
});
