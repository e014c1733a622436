/**
 * Whether an address's path holds percent escapes that do not decode to text
 * ('/tienda/%E0%A4%A'). The same test as Fastify's router (find-my-way), which refuses such an
 * address before any route: the server answers it with the store's page and status 400, and
 * the browser's router, which matches no route for it, reads it as the 'invalid address' page.
 */
export function hasUndecodablePath(address: string): boolean {
  const path = address.split(/[?#]/, 1)[0]!;
  if (!path.includes('%')) return false;
  try {
    // find-my-way keeps '%25' as it is before decoding: a literal '%' is not an error.
    decodeURI(path.replaceAll('%25', '%2525'));
    return false;
  } catch {
    return true;
  }
}

/** Paths that are files, not pages: a missing asset answers a bare 404, never a render. */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path);

/** Prefixes of what the server answers besides pages: a miss there is a JSON 404. */
const NOT_PAGE_PREFIXES = ['/trpc', '/uploads', '/api', '/og', '/assets'];

/** Whether an address (path and search) may be a page, by its path alone. */
export function isPageAddress(url: string): boolean {
  const path = url.split('?')[0]!;
  return !NOT_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix)) && !looksLikeFile(path);
}
