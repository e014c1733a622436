import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '@client/lib/router-context';

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
export async function redirectIfSignedIn(context: RouterContext) {
  if (await loadMe(context)) throw redirect({ to: '/' });
}
