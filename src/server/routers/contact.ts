import { OPENING_HOURS } from '@shared/store-info';
import { contactInputSchema } from '@shared/schemas/contact';
import { newsletterInputSchema } from '@shared/schemas/newsletter';
import { sendContactMessage, subscribeToNewsletter } from '../services/contact';
import { publicProcedure, rateLimited, router } from '../trpc/init';

export const contactRouter = router({
  /** Store contact details, configurable (docs/decisions/024-configurable-contact-details.md). */
  info: publicProcedure.query(({ ctx }) => ({
    whatsappNumber: ctx.config.WHATSAPP_NUMBER,
    email: ctx.config.CONTACT_EMAIL,
    phone: ctx.config.CONTACT_PHONE,
    address: ctx.config.CONTACT_ADDRESS,
    openingHours: OPENING_HOURS,
  })),

  send: publicProcedure
    .use(rateLimited('contact'))
    .input(contactInputSchema)
    .mutation(async ({ ctx, input }) => {
      await sendContactMessage(ctx.db, ctx.outbox, input);
      return { ok: true as const };
    }),

  subscribe: publicProcedure
    .use(rateLimited('newsletter'))
    .input(newsletterInputSchema)
    .mutation(async ({ ctx, input }) => {
      await subscribeToNewsletter(ctx.db, input.email);
      return { ok: true as const };
    }),
});
