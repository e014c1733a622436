// Which writes change what the shop shows, declared once per procedure (`.meta(CHANGES_CATALOG)`)
// and per HTTP route (`config.changesCatalog`), classified here by hand: a new mutation or /api
// route that is not in these tables fails, so nobody can add a write and forget the caches.
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { ProcedureMeta } from '@server/trpc/init';
import { appRouter } from '@server/trpc/router';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

/**
 * true: a success changes what the shop shows, and clears the catalogue and page caches;
 * 'if its answer says so': the procedure's answer decides (it says whether stock moved).
 */
type Declaration = boolean | 'if its answer says so';
const MUTATIONS: Record<string, Declaration> = {
  'auth.register': false,
  'auth.login': false,
  'auth.logout': false,
  'auth.logoutEverywhere': false,
  'auth.passwordReset.request': false,
  'auth.passwordReset.complete': false,
  'auth.confirmEmail': false,
  // Reserves stock.
  'orders.requestQuote': true,
  // An accepted quote keeps the stock it already held.
  'account.orders.accept': false,
  'account.orders.sendMessage': false,
  // Asking for a renewal moves no stock; the staff's new revision does.
  'account.orders.requestRenewal': false,
  // A change request holds the same stock the quote held: nothing moves.
  'account.orders.requestChanges': false,
  'account.orders.markRead': false,
  'account.profile.update': false,
  'account.security.resendVerification': false,
  'account.security.changePassword': false,
  'account.security.changeEmail': false,
  'account.company.invite': false,
  'account.company.cancelInvitation': false,
  'account.company.removeMember': false,
  'account.company.setRole': false,
  'account.company.setSpendingLimit': false,
  'account.company.leave': false,
  // An approval or a refusal moves no stock: the order held it already and keeps holding it.
  'account.company.approve': false,
  'account.company.decline': false,
  // Deleting an account rewrites its orders' personal fields, never their stock.
  'account.privacy.deleteAccount': false,
  // A buyer's delivery sites and receipts show on no public page (decisions 081, 082).
  'account.sites.create': false,
  'account.sites.update': false,
  'account.sites.delete': false,
  'account.sites.setDefault': false,
  'account.sites.saveFiscalAddress': false,
  'account.dispatches.confirmReceipt': false,
  'invitations.accept': false,
  'contact.send': false,
  'contact.subscribe': false,
  'admin.products.delete': true,
  // Cancelling returns stock, reopening reserves it; a revision may change the quantities held.
  'admin.orders.setStatus': 'if its answer says so',
  'admin.orders.sendRevision': 'if its answer says so',
  'admin.orders.sendMessage': false,
  'admin.orders.markRead': false,
  'admin.orders.assignOwner': false,
  // A back-ordered line takes its stock when it leaves; a cancelled remainder returns its own.
  'admin.dispatches.create': 'if its answer says so',
  'admin.dispatches.cancelRemainder': 'if its answer says so',
  // A delivery moves no stock.
  'admin.dispatches.deliver': false,
  'admin.taxonomies.create': true,
  'admin.taxonomies.update': true,
  'admin.taxonomies.delete': true,
  'admin.taxonomies.removeLogo': true,
  // Rendered blog pages are kept in the page cache, which the catalogue's clear empties.
  'admin.blog.setStatus': true,
  'admin.blog.delete': true,
  'admin.inbox.messages.setRead': false,
  'admin.customers.setNote': false,
  'admin.companies.setNote': false,
  'admin.companies.handOver': false,
  // /privacidad and /terminos are rendered pages kept in the page cache.
  'admin.legalPages.update': true,
  // A customer's own cap on held units: no stock moves.
  'admin.customers.setHeldUnitsCap': false,
  // A buyer's saved lists are theirs alone.
  'lists.create': false,
  'lists.delete': false,
  // A company's price rules are private: no public page shows them (volume tiers, which are
  // public, are saved with the product, through its route).
  'admin.priceRules.create': false,
  'admin.priceRules.delete': false,
  // The store's data shows on rendered pages (contact page, footer, Organization data).
  'admin.store.update': true,
  'admin.store.removeLogo': true,
  // The store as CFE issuer shows on no public page.
  'admin.store.updateInvoicing': false,
  // Fiscal documents move no stock: a credit note records what the buyer is owed, not goods.
  'admin.invoices.retry': false,
  'admin.invoices.reissue': false,
  'admin.invoices.creditNote': false,
  // Credit and collections: a credit decision keeps the stock the quote held (approved, it
  // stays sold; declined, the quote still holds it); payments, terms and rates move none.
  'admin.collections.setTerms': false,
  'admin.collections.approveCredit': false,
  'admin.collections.declineCredit': false,
  'admin.collections.recordPayment': false,
  'admin.collections.reversePayment': false,
  'admin.collections.setRate': false,
};

const HTTP_ROUTES: Record<string, boolean> = {
  'POST /api/admin/products': true,
  'POST /api/admin/products/:id': true,
  'POST /api/admin/posts': true,
  'POST /api/admin/posts/:id': true,
  'POST /api/admin/brands/:id/logo': true,
  'POST /api/admin/store/logo': true,
  'GET /api/admin/newsletter.csv': false,
  'GET /api/admin/catalog.csv': false,
  'POST /api/admin/catalog-import/preview': false,
  'POST /api/admin/catalog-import/apply': true,
  'GET /api/admin/orders.csv': false,
  'GET /api/orders/:id/revisions/:file': false,
  'GET /api/orders/:id/notas-de-entrega/:file': false,
  'GET /api/orders/:id/comprobantes/:file': false,
  'GET /api/admin/customers.csv': false,
  'GET /api/account/data.json': false,
  'GET /api/admin/receivables.csv': false,
  'GET /api/account/estado-de-cuenta.pdf': false,
  'GET /api/admin/comprobantes.csv': false,
};

type ProcedureDef = { _def: { type: string; meta?: ProcedureMeta } };
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDef>,
);

const declarationOf = (meta: ProcedureMeta | undefined): Declaration =>
  typeof meta?.changesCatalog === 'function'
    ? 'if its answer says so'
    : meta?.changesCatalog === true;

const world = useTestApp();

describe('catalogue changes are declared', () => {
  it('by every mutation, as this table classifies it', () => {
    const declared = Object.fromEntries(
      procedures
        .filter(([, procedure]) => procedure._def.type === 'mutation')
        .map(([path, procedure]) => [path, declarationOf(procedure._def.meta)]),
    );
    expect(declared).toEqual(MUTATIONS);
  });

  it('by no query', () => {
    const queries = procedures.filter(
      ([, procedure]) => procedure._def.type === 'query' && procedure._def.meta?.changesCatalog,
    );
    expect(queries.map(([path]) => path)).toEqual([]);
  });

  it('by every /api route, as this table classifies it', async () => {
    const routes: RouteOptions[] = [];
    const app = await buildApp(world.deps, { onRoute: (route) => routes.push(route) });
    await app.close();
    const declared = Object.fromEntries(
      routes
        .filter((route) => route.url.startsWith('/api/'))
        .flatMap((route) => [route.method].flat().map((method) => ({ method, route })))
        .filter(({ method }) => method !== 'HEAD')
        .map(({ method, route }) => [
          `${method} ${route.url}`,
          route.config?.changesCatalog === true,
        ]),
    );
    expect(declared).toEqual(HTTP_ROUTES);
  });
});

describe('the declaration', () => {
  it('announces a catalogue change after a declared success, and only then', async () => {
    const admin = await createTestUser(world.deps, { role: 'admin' });
    let announced = 0;
    const deps = {
      ...world.deps,
      catalogChanged: () => {
        announced += 1;
        return Promise.resolve();
      },
    };

    await callerFor(deps).contact.subscribe({ email: 'lector@empresa.uy' });
    expect(announced, 'an undeclared mutation').toBe(0);

    await expect(
      callerFor(deps, admin).admin.taxonomies.create({ kind: 'brand', name: ' ' }),
    ).rejects.toThrow();
    expect(announced, 'a refused call').toBe(0);

    await callerFor(deps, admin).admin.taxonomies.create({ kind: 'brand', name: 'Acme' });
    expect(announced, 'a declared success').toBe(1);
  });
});
