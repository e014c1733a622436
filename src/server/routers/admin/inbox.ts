import { inboxReadInputSchema } from '@shared/schemas/contact';
import { pageInputSchema } from '@shared/schemas/page';
import {
  listContactMessages,
  listSubscribers,
  setContactMessageRead,
} from '../../services/content/inbox';
import { adminProcedure, router } from '../../trpc/init';

// 'Mensajes': contact messages and subscribers. Quote requests are run from the orders list
// (docs/decisions/092-one-desk-for-quotes.md). The subscribers' CSV download is a plain HTTP
// route: src/server/http/newsletter-csv.ts.
export const adminInboxRouter = router({
  messages: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listContactMessages(ctx.db, input.page)),
    setRead: adminProcedure
      .input(inboxReadInputSchema)
      .mutation(({ ctx, input }) => setContactMessageRead(ctx.db, input.id, input.isRead)),
  }),
  subscribers: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listSubscribers(ctx.db, input.page)),
  }),
});
