import { fiscalAddressInputSchema, deliverySiteInputSchema } from '@shared/schemas/uy-address';
import { siteIdInputSchema, siteUpdateInputSchema } from '@shared/schemas/fulfilment';
import {
  createSite,
  deleteSite,
  getAddressBook,
  saveFiscalAddress,
  setDefaultSite,
  updateSite,
} from '../../services/fulfilment/delivery-sites';
import { customerProcedure, router } from '../../trpc/init';

/**
 * 'Direcciones' (/account/empresa/direcciones): the caller's company's address book, or their
 * own without a company. Always the caller's: a site id of another book is NOT_FOUND.
 */
export const accountSitesRouter = router({
  list: customerProcedure.query(({ ctx }) => getAddressBook(ctx.db, ctx.session.customer.id)),
  create: customerProcedure
    .input(deliverySiteInputSchema)
    .mutation(({ ctx, input }) => createSite(ctx.db, ctx.session.customer.id, input)),
  update: customerProcedure
    .input(siteUpdateInputSchema)
    .mutation(({ ctx, input }) => updateSite(ctx.db, ctx.session.customer.id, input)),
  delete: customerProcedure
    .input(siteIdInputSchema)
    .mutation(({ ctx, input }) => deleteSite(ctx.db, ctx.session.customer.id, input.siteId)),
  setDefault: customerProcedure
    .input(siteIdInputSchema)
    .mutation(({ ctx, input }) => setDefaultSite(ctx.db, ctx.session.customer.id, input.siteId)),
  saveFiscalAddress: customerProcedure
    .input(fiscalAddressInputSchema)
    .mutation(({ ctx, input }) => saveFiscalAddress(ctx.db, ctx.session.customer.id, input)),
});
