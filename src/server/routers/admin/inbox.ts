import { inboxReadInputSchema } from '@shared/schemas/contact';
import { pageInputSchema } from '@shared/schemas/page';
import {
  listContactMessages,
  listQuoteRequests,
  listSubscribers,
  setContactMessageRead,
  setQuoteRequestRead,
} from '../../services/content/inbox';
import type { Context } from '../../trpc/context';
import { adminProcedure, router } from '../../trpc/init';

/** A box whose items are listed page by page and marked read or unread. */
function readableBox<Page>(
  list: (db: Context['db'], page: number) => Promise<Page>,
  setRead: (
    db: Context['db'],
    id: number,
    isRead: boolean,
  ) => Promise<{ id: number; isRead: boolean }>,
) {
  return router({
    list: adminProcedure.input(pageInputSchema).query(({ ctx, input }) => list(ctx.db, input.page)),
    setRead: adminProcedure
      .input(inboxReadInputSchema)
      .mutation(({ ctx, input }) => setRead(ctx.db, input.id, input.isRead)),
  });
}

// The subscribers' CSV download is a plain HTTP route: src/server/http/newsletter-csv.ts.
export const adminInboxRouter = router({
  messages: readableBox(listContactMessages, setContactMessageRead),
  quotes: readableBox(listQuoteRequests, setQuoteRequestRead),
  subscribers: router({
    list: adminProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listSubscribers(ctx.db, input.page)),
  }),
});
