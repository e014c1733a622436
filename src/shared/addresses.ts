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
