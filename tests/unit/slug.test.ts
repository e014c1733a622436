import { describe, expect, it } from 'vitest';
import { SLUG_MAX_ATTEMPTS, SLUG_PATTERN, slugCandidates, slugify } from '@shared/slug';

describe('slugify', () => {
  it('lowercases, drops accents and joins words with single hyphens', () => {
    expect(slugify('Cámara Web Logitech C920 Full HD')).toBe('camara-web-logitech-c920-full-hd');
    expect(slugify('  Monitor  Dell 24" -- (Oferta)! ')).toBe('monitor-dell-24-oferta');
    expect(slugify('Ñandú')).toBe('nandu');
    expect(slugify('---')).toBe('');
  });

  it('always produces what the form rule accepts', () => {
    for (const name of ['Apple MacBook Air 13" M3', 'TP-Link Archer AX23 Wi-Fi 6', 'a']) {
      expect(slugify(name)).toMatch(SLUG_PATTERN);
    }
    expect('Con-Mayuscula').not.toMatch(SLUG_PATTERN);
    expect('doble--guion').not.toMatch(SLUG_PATTERN);
    expect('-borde').not.toMatch(SLUG_PATTERN);
  });

  it('offers base, base-1 ... base-99 as unique candidates', () => {
    const candidates = slugCandidates('mouse');
    expect(candidates).toHaveLength(SLUG_MAX_ATTEMPTS);
    expect(candidates.slice(0, 3)).toEqual(['mouse', 'mouse-1', 'mouse-2']);
    expect(candidates.at(-1)).toBe('mouse-99');
  });
});
