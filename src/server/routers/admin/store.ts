import { invoicingSettingsInputSchema } from '@shared/schemas/invoicing-settings';
import { storeProfileInputSchema } from '@shared/schemas/store-profile';
import {
  getStoreProfile,
  removeStoreLogo,
  updateStoreProfile,
} from '../../services/store/store-profile';
import {
  getStoreIssuer,
  invoicingSettingsView,
  updateInvoicingSettings,
} from '../../services/store/invoicing-settings';
import { adminProcedure, CHANGES_CATALOG, router } from '../../trpc/init';

/**
 * 'Datos de la empresa' (/dashboard/ajustes). Saving changes what public pages show (contact
 * page, footer, Organization data), whose rendered copies the page cache keeps: CHANGES_CATALOG.
 * The logo is uploaded through POST /api/admin/store/logo.
 */
export const adminStoreRouter = router({
  get: adminProcedure.query(({ ctx }) => getStoreProfile(ctx.db, ctx.config)),
  update: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(storeProfileInputSchema)
    .mutation(({ ctx, input }) =>
      updateStoreProfile(ctx.db, ctx.config, input, ctx.session.user.id),
    ),
  // 'Facturación electrónica': the store as issuer of its CFE (services/store/invoicing-settings.ts).
  invoicing: adminProcedure.query(async ({ ctx }) =>
    invoicingSettingsView(await getStoreIssuer(ctx.db, ctx.config)),
  ),
  updateInvoicing: adminProcedure
    .input(invoicingSettingsInputSchema)
    .mutation(({ ctx, input }) =>
      updateInvoicingSettings(ctx.db, ctx.config, input, ctx.session.user.id),
    ),
  removeLogo: adminProcedure.meta(CHANGES_CATALOG).mutation(async ({ ctx }) => {
    const removed = await removeStoreLogo(ctx, ctx.session.user.id);
    return { logoUrl: removed.logoUrl };
  }),
});
