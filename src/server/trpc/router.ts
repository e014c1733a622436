import { accountRouter } from '../routers/account';
import { adminBlogRouter } from '../routers/admin/blog';
import { adminCollectionsRouter } from '../routers/admin/collections';
import { adminCompaniesRouter, adminCustomersRouter } from '../routers/admin/customers';
import { adminLegalPagesRouter } from '../routers/admin/legal-pages';
import { adminActivityRouter, adminDashboardRouter } from '../routers/admin/dashboard';
import { adminInboxRouter } from '../routers/admin/inbox';
import { adminMailRouter } from '../routers/admin/mail';
import { adminOrdersRouter } from '../routers/admin/orders';
import { adminDispatchesRouter } from '../routers/admin/dispatches';
import { adminPriceRulesRouter } from '../routers/admin/price-rules';
import { adminProductsRouter } from '../routers/admin/products';
import { adminInvoicesRouter } from '../routers/admin/invoices';
import { adminStoreRouter } from '../routers/admin/store';
import { adminTaxonomiesRouter } from '../routers/admin/taxonomies';
import { authRouter } from '../routers/auth';
import { blogRouter } from '../routers/blog';
import { catalogRouter } from '../routers/catalog';
import { cfeRouter } from '../routers/cfe';
import { contactRouter } from '../routers/contact';
import { invitationsRouter } from '../routers/invitations';
import { legalPagesRouter } from '../routers/legal-pages';
import { listsRouter } from '../routers/lists';
import { ordersRouter } from '../routers/orders';
import { pricingRouter, quickOrderRouter } from '../routers/pricing';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  orders: ordersRouter,
  account: accountRouter,
  blog: blogRouter,
  contact: contactRouter,
  cfe: cfeRouter,
  invitations: invitationsRouter,
  legalPages: legalPagesRouter,
  pricing: pricingRouter,
  quickOrder: quickOrderRouter,
  lists: listsRouter,
  admin: router({
    products: adminProductsRouter,
    orders: adminOrdersRouter,
    dispatches: adminDispatchesRouter,
    taxonomies: adminTaxonomiesRouter,
    blog: adminBlogRouter,
    inbox: adminInboxRouter,
    mail: adminMailRouter,
    dashboard: adminDashboardRouter,
    activity: adminActivityRouter,
    customers: adminCustomersRouter,
    companies: adminCompaniesRouter,
    legalPages: adminLegalPagesRouter,
    priceRules: adminPriceRulesRouter,
    store: adminStoreRouter,
    collections: adminCollectionsRouter,
    invoices: adminInvoicesRouter,
  }),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
