// How the staff queue says how long ago the customer acted, and how long a quote is still valid.
import { describe, expect, it } from 'vitest';
import { formatAge, validityLabel } from '@shared/staff-desk';

const now = new Date('2026-11-27T15:00:00Z'); // a Friday, 12:00 in Montevideo
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe('formatAge', () => {
  it('says recién for under a minute, then minutes, hours and days', () => {
    expect(formatAge(ago(20_000), now)).toBe('recién');
    expect(formatAge(ago(5 * MINUTE), now)).toBe('hace 5 min');
    expect(formatAge(ago(3 * 60 * MINUTE), now)).toBe('hace 3 h');
    expect(formatAge(ago(24 * 60 * MINUTE), now)).toBe('ayer');
    expect(formatAge(ago(5 * 24 * 60 * MINUTE), now)).toBe('hace 5 días');
  });
});

describe('validityLabel', () => {
  it("counts whole days in Montevideo, from 'Vence hoy' to 'Vencida'", () => {
    expect(validityLabel('2026-11-27', now)).toBe('Vence hoy');
    expect(validityLabel('2026-11-28', now)).toBe('Vence mañana');
    expect(validityLabel('2026-11-30', now)).toBe('Vence en 3 días');
    expect(validityLabel('2026-11-26', now)).toBe('Vencida');
  });
});
