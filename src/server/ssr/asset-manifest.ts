import { readFile } from 'node:fs/promises';
import path from 'node:path';

type ViteChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type ViteManifest = Record<string, ViteChunk>;

type RouteAssets = {
  preloads: string[];
  css: string[];
  scripts?: { attrs: Record<string, string | boolean> }[];
};

/** What TanStack Router's <HeadContent>/<Scripts> print for each matched route. */
export type RouterManifest = { routes: Record<string, RouteAssets> };

const ROUTES_FOLDER = 'routes/';

/**
 * 'routes/_store/producto.$slug.tsx?tsr-split=component' -> '/_store/producto/$slug': the
 * router plugin splits each route file into chunks named after the file, whose path gives
 * the route id ('.' nests, 'index' is the folder's own page, '__root' the root).
 */
function routeIdOf(source: string): string | undefined {
  if (!source.startsWith(ROUTES_FOLDER)) return undefined;
  const file = source
    .slice(ROUTES_FOLDER.length)
    .split('?')[0]!
    .replace(/\.tsx?$/, '');
  if (file === '__root') return '__root__';
  const id = `/${file.replace(/\./g, '/')}`;
  return id.endsWith('/index') ? id.slice(0, -'index'.length) : id;
}

/**
 * Reads the client build's .vite/manifest.json into the router's manifest: the entry script,
 * its stylesheet and its chunks for every page, plus each route's own split chunks as
 * modulepreloads so hydration does not discover them one after the other.
 * Undefined when the client was not built (integration tests render HTML only).
 */
export async function readRouterManifest(clientDir: string): Promise<RouterManifest | undefined> {
  let vite: ViteManifest;
  try {
    vite = JSON.parse(
      await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as ViteManifest;
  } catch {
    return undefined;
  }
  const url = (file: string) => `/${file}`;
  /** A chunk with every chunk it imports statically, once each. */
  const closure = (key: string, seen = new Set<string>()): ViteChunk[] => {
    const chunk = vite[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap((child) => closure(child, seen))];
  };

  const entryKey = Object.keys(vite).find((key) => vite[key]!.isEntry);
  if (!entryKey) return undefined;
  const entryChunks = closure(entryKey);
  const entryFiles = new Set(entryChunks.map((chunk) => chunk.file));
  const routes: Record<string, RouteAssets> = {
    __root__: {
      preloads: entryChunks.slice(1).map((chunk) => url(chunk.file)),
      css: entryChunks.flatMap((chunk) => chunk.css ?? []).map(url),
      scripts: [{ attrs: { type: 'module', async: true, src: url(vite[entryKey]!.file) } }],
    },
  };
  for (const key of Object.keys(vite)) {
    const routeId = routeIdOf(vite[key]!.src ?? key);
    if (!routeId || routeId === '__root__') continue;
    const files = closure(key)
      .map((chunk) => chunk.file)
      .filter((file) => !entryFiles.has(file) && file.endsWith('.js'));
    const route = (routes[routeId] ??= { preloads: [], css: [] });
    for (const file of files)
      if (!route.preloads.includes(url(file))) route.preloads.push(url(file));
  }
  return { routes };
}
