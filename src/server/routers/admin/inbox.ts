import { inboxReadInputSchema } from '@shared/schemas/contact';
import { pageInputSchema } from '@shared/schemas/page';
import {
  listContactMessages,
  listQuoteRequests,
  listSubscribers,
  setContactMessageRead,
  setQuoteRequestRead,
} from '../../services/inbox';
import { adminProcedure, router } from '../../trpc/init';

// The subscribers' CSV download is a plain HTTP route: src/server/http/newsletter-csv.ts.
export const adminInboxRouter = router({
  messages: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listContactMessages(ctx.db, input.page)),
    setRead: adminProcedure
      .input(inboxReadInputSchema)
      .mutation(({ ctx, input }) => setContactMessageRead(ctx.db, input.id, input.isRead)),
  }),
  quotes: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listQuoteRequests(ctx.db, input.page)),
    setRead: adminProcedure
      .input(inboxReadInputSchema)
      .mutation(({ ctx, input }) => setQuoteRequestRead(ctx.db, input.id, input.isRead)),
  }),
  subscribers: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listSubscribers(ctx.db, input.page)),
  }),
});
