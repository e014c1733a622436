import { type AnyRouteMatch, redirect } from '@tanstack/react-router';
import { parseAuthSearch } from '@shared/schemas/search-params';
import { FullPageSpinner } from '@client/components/ui/spinner';
import type { RouterContext } from '@client/lib/router-context';
import { noindexHead, pageHead } from '@client/lib/seo';

// Guards steer navigation only; every procedure checks the session itself
// (docs/decisions/014-server-enforced-tiers.md).

const loadMe = (context: RouterContext) =>
  context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());

/** No session: to /login, coming back here afterwards. */
export async function requireSession(context: RouterContext, returnTo: string) {
  const me = await loadMe(context);
  if (!me) throw redirect({ to: '/login', search: { redirect: returnTo } });
  return me;
}

/** No session: to /login; signed in but not an admin: to /. */
export async function requireAdmin(context: RouterContext, returnTo: string) {
  const me = await requireSession(context, returnTo);
  if (me.role !== 'admin') throw redirect({ to: '/' });
  return me;
}

/** Login and sign-up are for visitors: a signed-in user goes home. */
async function redirectIfSignedIn(context: RouterContext) {
  if (await loadMe(context)) throw redirect({ to: '/' });
}

/**
 * The route options of a visitor's page (login, sign-up): its title, its `?redirect=` (where
 * to go once signed in), and a signed-in user sent home before it renders.
 */
export function visitorPage(seo: { title: string; path: string }) {
  return {
    validateSearch: parseAuthSearch,
    beforeLoad: ({ context }: { context: RouterContext }) => redirectIfSignedIn(context),
    head: ({ matches }: { matches: readonly AnyRouteMatch[] }) => pageHead(matches, seo),
    pendingComponent: FullPageSpinner,
  };
}

/**
 * The route options of a personal page (account, checkout, dashboard): nobody's search result;
 * the server checks the session (a visitor without one is redirected before any HTML) and
 * loads the data; the browser renders the page.
 */
export function personalPage<T>(guard: (context: RouterContext, returnTo: string) => Promise<T>) {
  return {
    ssr: 'data-only' as const,
    head: noindexHead,
    beforeLoad: ({ context, location }: { context: RouterContext; location: { href: string } }) =>
      guard(context, location.href),
    pendingComponent: FullPageSpinner,
  };
}
