// tRPC answers that belong to one person must never be kept by a cache on the way (a proxy, a
// CDN, the browser's own for another account on a shared computer): a buyer's negotiated
// prices above all (docs/decisions/063-negotiated-prices-never-shared.md). Only the shop's
// shared namespaces may be cached; any batch holding another procedure is private.
import type { TRPCRequestInfo } from '@trpc/server/http';

const SHARED_NAMESPACES = ['catalog.', 'blog.', 'contact.'];

const isShared = (path: string) => SHARED_NAMESPACES.some((prefix) => path.startsWith(prefix));

/** tRPC's responseMeta: `cache-control: private, no-store` on every answer that is personal. */
export function privateAnswerHeaders({ info }: { info: TRPCRequestInfo | undefined }) {
  const calls = info?.calls ?? [];
  if (calls.length > 0 && calls.every((call) => isShared(call.path))) return {};
  return { headers: { 'cache-control': 'private, no-store' } };
}
