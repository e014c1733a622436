import type { Plugin } from 'vite';

/** Where lucide-react's createLucideIcon takes the Icon that draws every icon. */
export const LUCIDE_CREATE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;

/**
 * Builds every lucide icon with our Icon (src/client/lib/lucide-icon.ts), which makes the same
 * markup with less work per render (docs/decisions/073-a-render-that-makes-less-garbage.md).
 * Only createLucideIcon's import is swapped: lucide's own Icon stays exported, and
 * tests/unit/lucide-icon.test.ts compares the two.
 */
export function lucideIconSwap(ourIcon: string): Plugin {
  return {
    name: 'tienda:lucide-icon',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './Icon.mjs' && importer && LUCIDE_CREATE_ICON.test(importer)) return ourIcon;
      return null;
    },
  };
}
