import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie, sessionOf } from '../auth/request-session';
import { type Effort, encodedAnswer } from '../http/compressed-answers';
import { setRouteLabel } from '../ops/metrics';
import type { AppDeps } from '../app-deps';
import { readRouterManifest } from './asset-manifest';
import type { RenderedPage } from './rendered-page';
import { loadPageRenderer, type PageRequest } from './page-renderer';
import { SERVER_ERROR_PAGE, SERVICE_UNAVAILABLE_PAGE } from './server-error-page';
import {
  logDatabaseUnavailable,
  type PageAddress,
  type PageFallback,
} from '../http/error-handling';
import { isDatabaseUnavailable } from '../database-availability';
import { isPageAddress } from '@shared/addresses';

/** Personal pages: rendered in the browser, never indexed (robots.txt disallows them too). */
export const PRIVATE_PREFIXES = ['/dashboard', '/account', '/checkout'] as const;

const isPrivatePath = (path: string) =>
  PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Content-Security-Policy allows only our own scripts; the router's inline hydration scripts
 * are allowed by their hashes, computed from the HTML they travel in (so a cached page keeps
 * its header). A nonce would not survive the page cache. Computed once per rendering: a
 * cache hit does not read its 50 KB of HTML again. Found with indexOf, not a regular
 * expression: this runs for every page rendered
 * (docs/decisions/073-a-render-that-makes-less-garbage.md).
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf('<script'); at !== -1; at = html.indexOf('<script', at)) {
    const contentStart = html.indexOf('>', at) + 1;
    const end = html.indexOf('</script>', contentStart);
    if (contentStart === 0 || end === -1) break;
    if (runsInline(html.slice(at, contentStart))) {
      const digest = createHash('sha256').update(html.slice(contentStart, end)).digest('base64');
      hashes.add(`'sha256-${digest}'`);
    }
    at = end;
  }
  return [...hashes];
}

/**
 * Whether a <script> tag's own text is run, which is what script-src guards: not a file's
 * (src) nor a data block such as the JSON-LD (a type that is not JavaScript).
 */
function runsInline(openingTag: string): boolean {
  if (/\ssrc=/.test(openingTag)) return false;
  const type = /\stype="([^"]*)"/.exec(openingTag)?.[1]?.toLowerCase();
  return !type || type === 'module' || /javascript|ecmascript/.test(type);
}

function withScriptHashes(policy: string, hashes: string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace(
    /script-src ([^;]*)/,
    (_all, sources: string) => `script-src ${sources} ${hashes.join(' ')}`,
  );
}

/**
 * The page of a render that threw (500) or could not reach the database (503): no route,
 * and none of the router's inline scripts.
 */
const staticErrorPage = (status: 500 | 503): RenderedPage => {
  const body = status === 503 ? SERVICE_UNAVAILABLE_PAGE : SERVER_ERROR_PAGE;
  return { status, headers: {}, body, scriptHashes: inlineScriptHashes(body) };
};

/** The metrics label of a page whose route the renderer did not report (a redirect, a crash). */
const UNKNOWN_PAGE_ROUTE = 'page';

/**
 * Every GET that no API, file or other route answered is a page: TanStack Router renders it
 * on the server (src/client/entry-server.tsx) with the status it chose, 404 for an unknown
 * product, post or path. Visitors without a session share one rendering per URL in
 * `deps.pageCache`, cleared with the catalogue cache; signed-in ones get their own.
 */
export async function registerPages(deps: AppDeps, pages: PageFallback) {
  const manifest = await readRouterManifest(deps.config.clientDir);
  const render = await loadPageRenderer(deps, manifest);
  const publicOrigin = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : undefined;

  async function renderFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    siteOrigin: string,
  ) {
    const session = await sessionOf(deps, request, reply);
    // The router reads the address only (the session and ip travel apart): copying every
    // header into a WHATWG Headers object cost more than the address itself.
    const pageRequest: PageRequest = {
      request: new Request(`${siteOrigin}${url}`),
      siteOrigin,
      session,
      ip: request.ip,
      log: request.log,
    };
    const {
      response,
      html,
      route,
      isDatabaseUnavailable: hasLostDatabase,
    } = await render!(pageRequest);
    if (hasLostDatabase) return { ...staticErrorPage(503), route };
    const location = response.headers.get('location');
    const body = location ? '' : html;
    const answer: RenderedPage = {
      status: response.status,
      headers: location ? { location } : {},
      body,
      route,
      scriptHashes: inlineScriptHashes(body),
    };
    return answer;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, as?: PageAddress) {
    const url = as?.url ?? request.url;
    const siteOrigin = publicOrigin ?? `${request.protocol}://${request.host}`;
    // A page of someone signed in (or with a stale cookie) is never shared.
    const isShared = !hasSessionCookie(request);
    const key = `${siteOrigin}${url}`;
    let page = isShared ? deps.pageCache.get(key) : undefined;
    reply.header('x-cache', page ? 'hit' : 'miss');
    // A page found or kept in the cache is sent again: compressed harder, once.
    let effort: Effort = page ? 'kept' : 'once';
    if (!page) {
      const startedAt = deps.pageCache.begin();
      try {
        page = await renderFresh(request, reply, url, siteOrigin);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          logDatabaseUnavailable(request.log, error);
          page = staticErrorPage(503);
        } else {
          // What the render threw (src/client/entry-server.tsx hands it over), logged with its
          // cause through the redacting logger; the visitor reads only the Spanish page.
          request.log.error({ err: error }, 'page render failed');
          page = staticErrorPage(500);
        }
      }
      if (isShared && (page.status === 200 || page.status === 404)) {
        if (deps.pageCache.set(key, page, startedAt)) effort = 'kept';
      }
    }
    setRouteLabel(request, page.route ?? UNKNOWN_PAGE_ROUTE);
    if (isPrivatePath(url)) reply.header('x-robots-tag', 'noindex');
    // HTML is never reused by the browser: a deploy changes the asset names it links to.
    const status = as && !page.headers.location ? as.status : page.status;
    reply.code(status).headers(page.headers).header('cache-control', 'no-cache');
    if (page.headers.location) return reply.send();
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', withScriptHashes(policy, page.scriptHashes));
    }
    // Pages answer from the not-found handler, which @fastify/compress's hooks do not reach:
    // compressed here, once per cached page and encoding (53 KB of HTML is ≈ 9 KB in brotli).
    const { headers, body } = await encodedAnswer(page, request, effort);
    return reply.type('text/html; charset=utf-8').headers(headers).send(body);
  }

  pages.serve = (request, reply, as) => {
    if (!render) return undefined;
    if (as) return sendPage(request, reply, as);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || !isPageAddress(request.url)) return undefined;
    return sendPage(request, reply);
  };
}
