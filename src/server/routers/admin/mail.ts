import { mailIdInputSchema, mailListInputSchema } from '@shared/schemas/quote';
import { getMail, listMails } from '../../services/content/mail-log';
import { adminProcedure, router } from '../../trpc/init';

export const adminMailRouter = router({
  list: adminProcedure
    .input(mailListInputSchema)
    .query(({ ctx, input }) => listMails(ctx.db, input.page, Boolean(ctx.config.SMTP_URL))),
  get: adminProcedure
    .input(mailIdInputSchema)
    .query(({ ctx, input }) => getMail(ctx.db, input.id, Boolean(ctx.config.SMTP_URL))),
});
