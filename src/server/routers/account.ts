import { companyProfileSchema } from '@shared/schemas/company-members';
import { accountOrdersInputSchema, orderIdInputSchema } from '@shared/schemas/order';
import {
  acceptRevisionInputSchema,
  changeRequestInputSchema,
  orderMessageInputSchema,
} from '@shared/schemas/quote';
import { staffEmailOf } from '../config';
import { getCompanyProfile, saveCompanyProfile } from '../services/companies/companies';
import { readerOfOrder } from '../services/companies/company-orders';
import {
  countUnreadForCustomer,
  listOrderMessages,
  markOrderMessagesRead,
  postOrderMessage,
} from '../services/orders/order-messages';
import {
  getCustomerHistory,
  getOrderDetail,
  listCustomerOrders,
} from '../services/orders/order-queries';
import { requestRenewal } from '../services/orders/quote-expiry';
import { acceptRevision, listRevisions } from '../services/orders/quote-revisions';
import { listChangeRequests, requestChanges } from '../services/orders/change-requests';
import { spendingLimitOn } from '../services/orders/order-approval';
import { paymentAxis } from '../services/collections/payment-axis';
import { orderFulfilment } from '../services/fulfilment/fulfilment-reads';
import { customerProcedure, router } from '../trpc/init';
import { accountCollectionsRouter } from './account/collections';
import { accountCompanyRouter } from './account/company';
import { accountPrivacyRouter } from './account/privacy';
import { accountSecurityRouter } from './account/security';
import { accountSitesRouter } from './account/sites';
import { accountDispatchesRouter } from './account/dispatches';
import { accountInvoicesRouter } from './account/invoices';

// Always filtered by the caller's own customer id (their own orders and their company's):
// another customer's order id is NOT_FOUND.
export const accountRouter = router({
  orders: router({
    list: customerProcedure
      .input(accountOrdersInputSchema)
      .query(({ ctx, input }) => listCustomerOrders(ctx.db, ctx.session.customer.id, input)),
    /** The order, its quote revisions (newest first), messages and history. */
    get: customerProcedure.input(orderIdInputSchema).query(async ({ ctx, input }) => {
      // getOrderDetail answers NOT_FOUND first for another customer's order.
      const order = await getOrderDetail(ctx.db, input.id, ctx.session.customer.id);
      const customerId = ctx.session.customer.id;
      const [revisions, thread, history, reader, goods, changes, spendingLimit] = await Promise.all(
        [
          listRevisions(ctx.db, input.id, ctx.clock.now()),
          listOrderMessages(ctx.db, input.id, 'customer'),
          getCustomerHistory(ctx.db, input.id),
          readerOfOrder(ctx.db, input.id, customerId),
          orderFulfilment(ctx.db, input.id, 'customer'),
          listChangeRequests(ctx.db, input.id),
          // The limit the caller would accept under, told before they accept (decision 058).
          spendingLimitOn(ctx.db, input.id, customerId),
        ],
      );
      return {
        ...order,
        revisions,
        messages: thread,
        history,
        reader,
        ...goods,
        ...changes,
        spendingLimit,
      };
    }),
    accept: customerProcedure.input(acceptRevisionInputSchema).mutation(async ({ ctx, input }) => {
      const { isPendingApproval, creditHold } = await acceptRevision(
        ctx.db,
        { orderId: input.id, revision: input.revision, purchaseOrder: input.purchaseOrder },
        {
          customerId: ctx.session.customer.id,
          userId: ctx.session.user.id,
          staffEmail: staffEmailOf(ctx.config),
          store: await ctx.storeIdentity(),
          now: ctx.clock.now(),
        },
        paymentAxis,
      );
      return { id: input.id, isPendingApproval, creditHold };
    }),
    /** 'Pedir cambios' on the sent revision: recorded, shown on both sides, staff are mailed. */
    requestChanges: customerProcedure
      .input(changeRequestInputSchema)
      .mutation(async ({ ctx, input }) => {
        const requested = await requestChanges(ctx.db, input, {
          customerId: ctx.session.customer.id,
          userId: ctx.session.user.id,
          staffEmail: staffEmailOf(ctx.config),
          store: await ctx.storeIdentity(),
          now: ctx.clock.now(),
        });
        return requested;
      }),
    /** 'Pedir renovación' on an expired quote: staff are mailed, the thread records it. */
    requestRenewal: customerProcedure.input(orderIdInputSchema).mutation(async ({ ctx, input }) => {
      const requested = await requestRenewal(
        ctx.db,
        { orderId: input.id },
        {
          customerId: ctx.session.customer.id,
          userId: ctx.session.user.id,
          staffEmail: staffEmailOf(ctx.config),
          store: await ctx.storeIdentity(),
          now: ctx.clock.now(),
        },
      );
      return requested;
    }),
    sendMessage: customerProcedure
      .input(orderMessageInputSchema)
      .mutation(async ({ ctx, input }) => {
        await postOrderMessage(ctx.db, input, {
          role: 'customer',
          userId: ctx.session.user.id,
          customerId: ctx.session.customer.id,
          staffEmail: staffEmailOf(ctx.config),
          store: await ctx.storeIdentity(),
        });
      }),
    markRead: customerProcedure.input(orderIdInputSchema).mutation(async ({ ctx, input }) => {
      await getOrderDetail(ctx.db, input.id, ctx.session.customer.id);
      await markOrderMessagesRead(ctx.db, input.id, 'customer');
    }),
  }),
  /** Staff messages the customer has not read yet, for the account navigation. */
  unreadMessages: customerProcedure.query(({ ctx }) =>
    countUnreadForCustomer(ctx.db, ctx.session.customer.id),
  ),
  /** 'Datos de la empresa': the caller's company (services/companies/companies.ts). */
  profile: router({
    get: customerProcedure.query(({ ctx }) => getCompanyProfile(ctx.db, ctx.session.customer.id)),
    update: customerProcedure
      .input(companyProfileSchema)
      .mutation(({ ctx, input }) => saveCompanyProfile(ctx.db, ctx.session.customer.id, input)),
  }),
  security: accountSecurityRouter,
  company: accountCompanyRouter,
  privacy: accountPrivacyRouter,
  collections: accountCollectionsRouter,
  /** 'Direcciones': billing data and delivery sites (services/fulfilment/delivery-sites.ts). */
  sites: accountSitesRouter,
  dispatches: accountDispatchesRouter,
  invoices: accountInvoicesRouter,
});
