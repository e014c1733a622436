import { OPENING_HOURS } from '@shared/store-info';
import { publicProcedure, router } from '../trpc/init';

export const contactRouter = router({
  /** Store contact details, configurable by environment (DECISIONS 24). */
  info: publicProcedure.query(({ ctx }) => ({
    whatsappNumber: ctx.config.WHATSAPP_NUMBER,
    email: ctx.config.CONTACT_EMAIL,
    phone: ctx.config.CONTACT_PHONE,
    address: ctx.config.CONTACT_ADDRESS,
    openingHours: OPENING_HOURS,
  })),
});
