import { OPENING_HOURS } from '@shared/store-info';
import { contactInputSchema } from '@shared/schemas/contact';
import { newsletterInputSchema } from '@shared/schemas/newsletter';
import { sendContactMessage, subscribeToNewsletter } from '../services/content/contact';
import { getStoreProfile } from '../services/store/store-profile';
import { publicProcedure, rateLimited, router } from '../trpc/init';

export const contactRouter = router({
  /**
   * The store's contact details as staff saved them in 'Datos de la empresa' (the environment's
   * until then: docs/decisions/024-configurable-contact-details.md, 054-store-profile.md).
   * Rendered pages keep it: saving the settings clears them (CHANGES_CATALOG).
   */
  info: publicProcedure.query(async ({ ctx }) => {
    const store = await getStoreProfile(ctx.db, ctx.config);
    return {
      whatsappNumber: ctx.config.WHATSAPP_NUMBER,
      legalName: store.legalName,
      rut: store.rut,
      logoUrl: store.logoUrl,
      email: store.email,
      phone: store.phone,
      address: store.address,
      openingHours: OPENING_HOURS,
    };
  }),

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
