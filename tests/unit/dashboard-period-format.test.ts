// The dashboard home's short texts for a snapshot's age and a capped count (decision 068).
import { describe, expect, it } from 'vitest';
import { formatCapped, formatUpdatedAgo } from '@client/features/dashboard-home/period-format';

describe('dashboard home texts', () => {
  it("tells a snapshot's age", () => {
    expect(formatUpdatedAgo(59)).toBe('Actualizado recién');
    expect(formatUpdatedAgo(8 * 60)).toBe('Actualizado hace 8 min');
    expect(formatUpdatedAgo(2 * 3600)).toBe('Actualizado hace 2 h');
  });

  it('says a count stopped at its cap', () => {
    expect(formatCapped(35, false)).toBe('35');
    expect(formatCapped(1000, true)).toBe('más de 1.000');
  });
});
