import {
  adminOrdersInputSchema,
  assignOwnerInputSchema,
  orderIdInputSchema,
  setOrderStatusInputSchema,
} from '@shared/schemas/order';
import {
  orderMessageInputSchema,
  revisionInputSchema,
  variantSearchInputSchema,
} from '@shared/schemas/quote';
import {
  listOrderMessages,
  markOrderMessagesRead,
  postOrderMessage,
} from '../../services/orders/order-messages';
import { changeOrderStatus } from '../../services/orders/order-status';
import {
  getOrderDetail,
  getStatusHistory,
  findVariantsForRevision,
} from '../../services/orders/order-queries';
import { listRevisions } from '../../services/orders/quote-revisions';
import { listChangeRequests } from '../../services/orders/change-requests';
import { sendRevisionWithDelivery } from '../../services/fulfilment/order-delivery';
import { orderFulfilment } from '../../services/fulfilment/fulfilment-reads';
import { heldUnitsOfOrderCustomer } from '../../services/orders/held-units';
import { pricesForOrder } from '../../services/buying/buyer-lines';
import { orderPricesInputSchema } from '@shared/schemas/pricing';
import { paymentAxis } from '../../services/collections/payment-axis';
import {
  assignOwner,
  countUnreadOrders,
  listDeskOrders,
  listStaff,
  markOrderOpened,
  orderOwnerId,
} from '../../services/orders/staff-desk';
import { adminProcedure, CHANGES_CATALOG_IF_STOCK_MOVED, router } from '../../trpc/init';

export const adminOrdersRouter = router({
  /**
   * The staff desk's queue: newest first (what waits to leave oldest first), by status, days,
   * search, 'Despacho' and 'Mis órdenes' (docs/decisions/092-one-desk-for-quotes.md).
   */
  list: adminProcedure
    .input(adminOrdersInputSchema)
    .query(({ ctx, input }) =>
      listDeskOrders(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),

  /** The orders unread for the caller, beside 'Órdenes' in the navigation. */
  unread: adminProcedure.query(({ ctx }) =>
    countUnreadOrders(ctx.db, { userId: ctx.session.user.id, now: ctx.clock.now() }),
  ),

  /** Who may be 'Responsable'. */
  staff: adminProcedure.query(({ ctx }) => listStaff(ctx.db)),

  /** 'Asignar responsable': one order from its page, several from the list. */
  assignOwner: adminProcedure
    .input(assignOwnerInputSchema)
    .mutation(({ ctx, input }) => assignOwner(ctx.db, input, ctx.session.user.id)),

  /** The revision editor's default prices: what the order's customer pays for each line now. */
  prices: adminProcedure
    .input(orderPricesInputSchema)
    .query(({ ctx, input }) => pricesForOrder(ctx.db, input.orderId, input.lines, ctx.clock.now())),

  get: adminProcedure.input(orderIdInputSchema).query(async ({ ctx, input }) => {
    const [order, history, revisions, thread, heldUnits, goods, changes, ownerId] =
      await Promise.all([
        getOrderDetail(ctx.db, input.id),
        getStatusHistory(ctx.db, input.id),
        listRevisions(ctx.db, input.id, ctx.clock.now()),
        listOrderMessages(ctx.db, input.id, 'admin'),
        heldUnitsOfOrderCustomer(ctx.db, input.id, ctx.config),
        orderFulfilment(ctx.db, input.id, 'staff'),
        listChangeRequests(ctx.db, input.id),
        orderOwnerId(ctx.db, input.id),
      ]);
    return {
      ...order,
      history,
      revisions,
      messages: thread,
      heldUnits,
      ...goods,
      ...changes,
      ownerId,
    };
  }),

  /** A status that returns or reserves stock changes what the shop shows. */
  setStatus: adminProcedure
    .meta(CHANGES_CATALOG_IF_STOCK_MOVED)
    .input(setOrderStatusInputSchema)
    .mutation(async ({ ctx, input }) => {
      const changed = await changeOrderStatus(
        ctx.db,
        {
          orderId: input.id,
          status: input.status,
          changedBy: ctx.session.user.id,
          reason: input.reason,
        },
        await ctx.storeIdentity(),
        { payment: paymentAxis, now: ctx.clock.now() },
      );
      return changed;
    }),

  /** 'Enviar cotización': a new revision, totals and stock decided here. */
  sendRevision: adminProcedure
    .meta(CHANGES_CATALOG_IF_STOCK_MOVED)
    .input(revisionInputSchema)
    .mutation(async ({ ctx, input }) => {
      const sent = await sendRevisionWithDelivery(ctx.db, ctx.config, input, {
        userId: ctx.session.user.id,
        store: await ctx.storeIdentity(),
        now: ctx.clock.now(),
      });
      return sent;
    }),

  searchVariants: adminProcedure
    .input(variantSearchInputSchema)
    .query(({ ctx, input }) => findVariantsForRevision(ctx.db, input.query)),

  /** The customer is mailed at once; messages soon after are gathered (message-mails.ts). */
  sendMessage: adminProcedure.input(orderMessageInputSchema).mutation(async ({ ctx, input }) => {
    await postOrderMessage(ctx.db, input, {
      role: 'admin',
      userId: ctx.session.user.id,
      now: ctx.clock.now(),
      store: await ctx.storeIdentity(),
    });
  }),

  /** Opening the order: its messages are read, and the order is read for this staff member. */
  markRead: adminProcedure.input(orderIdInputSchema).mutation(async ({ ctx, input }) => {
    await markOrderMessagesRead(ctx.db, input.id, 'admin');
    await markOrderOpened(ctx.db, input.id, { userId: ctx.session.user.id, now: ctx.clock.now() });
  }),
});
