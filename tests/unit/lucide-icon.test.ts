// Our lucide Icon (src/client/lib/lucide-icon.ts) must draw what lucide's own draws, for every
// icon the store imports and every kind of prop it passes: the build swaps it in silently,
// and a difference would show in the pages (or break hydration after a lucide upgrade).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon as LucidesIcon } from 'lucide-react';
import OurIcon from '@client/lib/lucide-icon';
import { LUCIDE_CREATE_ICON, lucideIconSwap } from '../../scripts/lucide-icon-swap';

const LUCIDE_ESM = path.resolve('node_modules/lucide-react/dist/esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lucide names the client imports ('ShoppingCart', 'Loader2'...). */
function importedIconNames(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles('src/client')) {
    const text = readFileSync(file, 'utf8');
    for (const [, list] of text.matchAll(/import\s*{([^}]*)}\s*from\s*'lucide-react'/g)) {
      for (const part of list!.split(',')) {
        const name = part
          .replace(/\btype\b/, '')
          .trim()
          .split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && !name.startsWith('Lucide')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The icon module of each exported name, from lucide's index ('./icons/shopping-cart.mjs'). */
function iconModules(): Map<string, string> {
  const index = readFileSync(path.join(LUCIDE_ESM, 'lucide-react.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, exported, file] of index.matchAll(/export {([^}]*)} from '(\.\/icons\/[^']+)'/g)) {
    for (const name of exported!.matchAll(/default as (\w+)/g)) modules.set(name[1]!, file!);
  }
  return modules;
}

type IconData = { name: string; node: unknown[] };

async function iconData(name: string, modules: Map<string, string>): Promise<IconData> {
  const file = modules.get(name);
  if (!file) throw new Error(`${name} is not one of lucide's icons`);
  const loaded = (await import(path.join(LUCIDE_ESM, file))) as { __iconData: IconData };
  return loaded.__iconData;
}

// What the store passes: nothing, classes (repeated and spaced), a stroke, a label, a title
// child, and the props it does not use today.
const PROP_CASES: Record<string, unknown>[] = [
  {},
  { className: 'size-4' },
  { className: '  size-10 text-blue-300 size-10 lucide ', strokeWidth: 1.5 },
  { 'aria-label': 'Carrito', className: 'size-5' },
  { 'aria-hidden': true, 'data-slot': 'icon' },
  { size: 16, color: 'red', absoluteStrokeWidth: true },
  { width: 20, height: 30, nonScalingStroke: true },
];

const markup = (component: unknown, props: Record<string, unknown>, children?: unknown) =>
  renderToStaticMarkup(createElement(component as ComponentType, props, children as never));

describe('our lucide Icon', () => {
  it('draws what lucide draws, for every icon the store imports and every kind of prop', async () => {
    const names = importedIconNames();
    expect(names).toContain('ShoppingCart');
    const modules = iconModules();
    for (const name of names) {
      const icon = await iconData(name, modules);
      // Twice: the second render reads what the first kept.
      for (const round of [1, 2]) {
        for (const props of PROP_CASES) {
          const expected = markup(LucidesIcon, { icon, ...props });
          expect(markup(OurIcon, { icon, ...props }), `${name} ${round}`).toBe(expected);
        }
        const title = createElement('title', null, name);
        expect(markup(OurIcon, { icon }, title)).toBe(markup(LucidesIcon, { icon }, title));
      }
    }
  });

  it('is what the build gives createLucideIcon, whose import it replaces', () => {
    const createIcon = path.join(LUCIDE_ESM, 'createLucideIcon.mjs');
    expect(createIcon).toMatch(LUCIDE_CREATE_ICON);
    expect(readFileSync(createIcon, 'utf8')).toContain("import Icon from './Icon.mjs';");
    const plugin = lucideIconSwap('/our/icon.ts');
    const resolve = plugin.resolveId as (source: string, importer?: string) => unknown;
    expect(resolve('./Icon.mjs', createIcon)).toBe('/our/icon.ts');
    expect(resolve('./Icon.mjs', path.join(LUCIDE_ESM, 'lucide-react.mjs'))).toBeNull();
  });
});
