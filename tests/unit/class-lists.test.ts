// `cn` joins class lists without resolving conflicts (src/client/lib/cn.ts), so two parts of one
// list must never set the same property: which one wins would depend on the stylesheet's order.
// tailwind-merge (a dev dependency only) names the conflicts these tests refuse.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { badgeVariants } from '@client/components/ui/badge';
import { buttonVariants } from '@client/components/ui/button';

/** The classes tailwind-merge would drop from `classes`: each lost to a later one. */
const conflicts = (classes: string) => {
  const kept = new Set(twMerge(classes).split(' '));
  return [...new Set(classes.split(/\s+/).filter(Boolean))].filter((name) => !kept.has(name));
};

const BUTTON_VARIANTS = [
  'default',
  'destructive',
  'outline',
  'outline-destructive',
  'outline-on-dark',
  'secondary',
  'ghost',
  'ghost-destructive',
  'link',
] as const;
const BUTTON_SIZES = [
  'default',
  'sm',
  'lg',
  'icon',
  'icon-sm',
  'icon-xs',
  'flush',
  'flush-sm',
  'menu',
] as const;

const clientFiles = readdirSync('src/client', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.tsx'))
  .map((name) => path.join('src/client', name))
  .map((file) => ({ path: file, text: readFileSync(file, 'utf8') }));

describe('class lists without conflicts', () => {
  it('every button variant and size', () => {
    for (const variant of BUTTON_VARIANTS) {
      for (const size of BUTTON_SIZES) {
        expect(conflicts(buttonVariants({ variant, size })), `${variant} ${size}`).toEqual([]);
      }
    }
  });

  it('every badge variant', () => {
    for (const variant of [
      'default',
      'secondary',
      'destructive',
      'success',
      'warning',
      'outline',
      'soft-success',
      'soft-warning',
    ] as const) {
      expect(conflicts(badgeVariants({ variant })), variant).toEqual([]);
    }
  });

  it("every <Button>'s own className with its variant and size", () => {
    const found: string[] = [];
    for (const { path: file, text } of clientFiles) {
      for (const match of text.matchAll(/<(?:Logout)?Button\b([^>]*?)>/gs)) {
        const tag = match[1]!;
        const className = /className="([^"]*)"/.exec(tag)?.[1];
        if (!className) continue;
        const variant = /variant="([\w-]+)"/.exec(tag)?.[1] as (typeof BUTTON_VARIANTS)[number];
        const size = /size="([\w-]+)"/.exec(tag)?.[1] as (typeof BUTTON_SIZES)[number];
        const lost = conflicts(`${buttonVariants({ variant, size })} ${className}`);
        if (lost.length > 0) found.push(`${file}: "${className}" overrides ${lost.join(' ')}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no two literals of one cn(...) call set the same property, unless they are alternatives', () => {
    const found: string[] = [];
    for (const { path: file, text } of clientFiles) {
      for (const call of text.matchAll(/\bcn\(((?:[^()]|\([^()]*\))*)\)/g)) {
        const literals = [...call[1]!.matchAll(/'([^']*)'/g)];
        for (let a = 0; a < literals.length; a++) {
          for (let b = a + 1; b < literals.length; b++) {
            const between = call[1]!.slice(literals[a]!.index, literals[b]!.index);
            // `cond ? 'x' : 'y'`: only one of the two is ever in the list.
            if (/^'[^']*'\s*:\s*$/.test(between)) continue;
            const first = literals[a]![1]!;
            const second = literals[b]![1]!;
            const lost = conflicts(`${first} ${second}`).filter((name) => !second.includes(name));
            if (lost.length > 0) found.push(`${file}: '${second}' overrides ${lost.join(' ')}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
