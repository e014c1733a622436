// The tier of every tRPC procedure, written by hand, and how tests call procedures over HTTP.
// tests/integration/authorization.test.ts fails when a procedure of the router is missing here
// (so a new one cannot ship unclassified) or when an entry names no procedure.
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import type { core } from 'zod';
import { appRouter } from '@server/trpc/router';
import { SAME_ORIGIN } from './http';

export type Tier = 'public' | 'customer' | 'admin';

export const PROCEDURE_TIERS: Record<string, Tier> = {
  'auth.me': 'public',
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.logout': 'public',
  // Any signed-in account (customer or admin): a visitor is refused.
  'auth.logoutEverywhere': 'customer',
  // Recovery and confirmation links work without a session: the token is the credential.
  'auth.passwordReset.request': 'public',
  'auth.passwordReset.complete': 'public',
  'auth.confirmEmail': 'public',
  'catalog.featured': 'public',
  'catalog.list': 'public',
  'catalog.get': 'public',
  'catalog.search': 'public',
  'catalog.cartLines': 'public',
  'catalog.taxonomies': 'public',
  'orders.requestQuote': 'customer',
  'orders.get': 'customer',
  'orders.reorder': 'customer',
  // A buyer's own prices and shortcuts: never public, never under catalog.*.
  'pricing.forMe': 'customer',
  'pricing.cards': 'customer',
  'pricing.shop': 'customer',
  'quickOrder.resolve': 'customer',
  'lists.list': 'customer',
  'lists.get': 'customer',
  'lists.create': 'customer',
  'lists.delete': 'customer',
  'account.orders.list': 'customer',
  'account.orders.get': 'customer',
  'account.orders.accept': 'customer',
  'account.orders.sendMessage': 'customer',
  'account.orders.requestRenewal': 'customer',
  'account.orders.requestChanges': 'customer',
  'account.orders.markRead': 'customer',
  'account.unreadMessages': 'customer',
  'account.profile.get': 'customer',
  'account.profile.update': 'customer',
  // Any signed-in account, like logoutEverywhere.
  'account.security.get': 'customer',
  'account.security.resendVerification': 'customer',
  'account.security.changePassword': 'customer',
  'account.security.changeEmail': 'customer',
  // The caller's own company; its administrators' actions refuse a member in the service.
  'account.company.members': 'customer',
  'account.company.invite': 'customer',
  'account.company.cancelInvitation': 'customer',
  'account.company.removeMember': 'customer',
  'account.company.setRole': 'customer',
  'account.company.setSpendingLimit': 'customer',
  'account.company.leave': 'customer',
  'account.company.orders': 'customer',
  'account.company.approve': 'customer',
  'account.company.decline': 'customer',
  'account.privacy.deleteAccount': 'customer',
  // The caller's own address book (their company's, or their own); a member's changes are
  // refused in the service (docs/decisions/081-address-book-and-delivery-choice.md).
  'account.sites.list': 'customer',
  'account.sites.create': 'customer',
  'account.sites.update': 'customer',
  'account.sites.delete': 'customer',
  'account.sites.setDefault': 'customer',
  'account.sites.saveFiscalAddress': 'customer',
  // A dispatch of an order the caller reads (decision 082).
  'account.dispatches.confirmReceipt': 'customer',
  'invitations.get': 'public',
  'invitations.accept': 'customer',
  'legalPages.get': 'public',
  'blog.list': 'public',
  'blog.get': 'public',
  'contact.info': 'public',
  'contact.send': 'public',
  'cfe.verify': 'public',
  'contact.subscribe': 'public',
  'admin.products.list': 'admin',
  'admin.products.get': 'admin',
  'admin.products.delete': 'admin',
  'admin.orders.list': 'admin',
  'admin.orders.get': 'admin',
  'admin.orders.setStatus': 'admin',
  'admin.orders.sendRevision': 'admin',
  'admin.orders.searchVariants': 'admin',
  'admin.orders.sendMessage': 'admin',
  'admin.orders.markRead': 'admin',
  'admin.orders.unread': 'admin',
  'admin.orders.staff': 'admin',
  'admin.orders.assignOwner': 'admin',
  'admin.customers.setHeldUnitsCap': 'admin',
  'admin.orders.prices': 'admin',
  'admin.dispatches.create': 'admin',
  'admin.dispatches.deliver': 'admin',
  'admin.dispatches.cancelRemainder': 'admin',
  'admin.dispatches.sites': 'admin',
  'admin.dispatches.pending': 'admin',
  'admin.priceRules.list': 'admin',
  'admin.priceRules.create': 'admin',
  'admin.priceRules.delete': 'admin',
  'admin.mail.list': 'admin',
  'admin.mail.get': 'admin',
  'admin.taxonomies.list': 'admin',
  'admin.taxonomies.options': 'admin',
  'admin.taxonomies.create': 'admin',
  'admin.taxonomies.update': 'admin',
  'admin.taxonomies.delete': 'admin',
  'admin.taxonomies.removeLogo': 'admin',
  'admin.blog.list': 'admin',
  'admin.blog.get': 'admin',
  'admin.blog.setStatus': 'admin',
  'admin.blog.delete': 'admin',
  'admin.inbox.messages.list': 'admin',
  'admin.inbox.messages.setRead': 'admin',
  'admin.inbox.subscribers.list': 'admin',
  'admin.dashboard.get': 'admin',
  'admin.activity.list': 'admin',
  'admin.activity.authors': 'admin',
  'admin.customers.list': 'admin',
  'admin.customers.get': 'admin',
  'admin.customers.setNote': 'admin',
  'admin.companies.list': 'admin',
  'admin.companies.get': 'admin',
  'admin.companies.setNote': 'admin',
  'admin.companies.handOver': 'admin',
  'admin.legalPages.get': 'admin',
  'admin.legalPages.update': 'admin',
  'admin.store.get': 'admin',
  'admin.store.update': 'admin',
  'admin.store.removeLogo': 'admin',
  'admin.store.invoicing': 'admin',
  'admin.store.updateInvoicing': 'admin',
  'admin.invoices.list': 'admin',
  'admin.invoices.pending': 'admin',
  'admin.invoices.ofOrder': 'admin',
  'admin.invoices.signedXml': 'admin',
  'admin.invoices.retry': 'admin',
  'admin.invoices.reissue': 'admin',
  'admin.invoices.creditNote': 'admin',
  'admin.collections.credit': 'admin',
  'admin.collections.setTerms': 'admin',
  'admin.collections.creditReview': 'admin',
  'admin.collections.creditReviews': 'admin',
  'admin.collections.approveCredit': 'admin',
  'admin.collections.declineCredit': 'admin',
  'admin.collections.receivables': 'admin',
  'admin.collections.overdue': 'admin',
  'admin.collections.payer': 'admin',
  'admin.collections.orderPayment': 'admin',
  'admin.collections.recordPayment': 'admin',
  'admin.collections.reversePayment': 'admin',
  'admin.collections.rate': 'admin',
  'admin.collections.setRate': 'admin',
  // An order's payment for those who read the order; the statement of one's own company.
  'account.collections.order': 'customer',
  'account.collections.statement': 'customer',
  'account.collections.creditHold': 'customer',
  'account.invoices.ofOrder': 'customer',
};

export type ProcedureInfo = {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The zod schema of its input, or undefined when it takes none. */
  input: core.$ZodType | undefined;
};

/** Every procedure of the app router, read from the router itself. */
export function routerProcedures(): ProcedureInfo[] {
  // At run time `_def.procedures` is flat ('admin.orders.get' -> procedure), unlike its type.
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: ProcedureInfo['type']; inputs: core.$ZodType[] } }
  >;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    input: procedure._def.inputs[0],
  }));
}

/**
 * Calls a procedure as tRPC's client does: a GET with `?input=` for a query, a JSON POST for a
 * mutation, the input in superjson's envelope; `inputJson` is that envelope's text when given.
 */
export function callProcedure(
  app: FastifyInstance,
  procedure: Pick<ProcedureInfo, 'path' | 'type'>,
  options: { input?: unknown; inputJson?: string; cookie?: string | null },
) {
  const body = options.inputJson ?? JSON.stringify(superjson.serialize(options.input));
  const cookie = options.cookie ? { cookie: options.cookie } : {};
  if (procedure.type === 'query') {
    return app.inject({
      method: 'GET',
      url: `/trpc/${procedure.path}?input=${encodeURIComponent(body)}`,
      headers: cookie,
    });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${procedure.path}`,
    headers: { 'content-type': 'application/json', ...SAME_ORIGIN, ...cookie },
    payload: body,
  });
}
