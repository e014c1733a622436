// Business time on the staff desk skips Uruguay's national holidays: the fixed dates, and
// Carnaval and Semana de Turismo, which move with Easter.
import { describe, expect, it } from 'vitest';
import { isWaitingTooLong } from '@shared/staff-desk';
import { easterSunday, isUruguayHoliday } from '@shared/uy-holidays';

/** An instant given in Montevideo's wall-clock time (UTC-3 all year). */
const montevideo = (local: string) => new Date(`${local}-03:00`);

describe('Easter and the holidays that follow it', () => {
  it('finds Easter Sunday of known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('counts Carnaval and the whole Semana de Turismo, not the days around them', () => {
    // 2026: Carnaval 16-17 February, Turismo 30 March to 3 April.
    expect(isUruguayHoliday('2026-02-16')).toBe(true);
    expect(isUruguayHoliday('2026-02-17')).toBe(true);
    expect(isUruguayHoliday('2026-02-18')).toBe(false);
    for (const day of ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03']) {
      expect(isUruguayHoliday(day), day).toBe(true);
    }
    expect(isUruguayHoliday('2026-03-27')).toBe(false);
    expect(isUruguayHoliday('2026-04-06')).toBe(false);
  });

  it('knows the fixed dates', () => {
    for (const day of ['01-01', '01-06', '05-01', '07-18', '08-25', '11-02', '12-25']) {
      expect(isUruguayHoliday(`2027-${day}`), day).toBe(true);
    }
    expect(isUruguayHoliday('2027-12-24')).toBe(false);
  });
});

describe('a customer waiting over a holiday', () => {
  // Thursday 24 December 2026, 10:00: Friday the 25th is Christmas, then the weekend.
  const asked = montevideo('2026-12-24T10:00:00');

  it('has not waited a business day until Monday morning', () => {
    // Without the holiday, Friday 10:01 would already be more than a business day.
    expect(isWaitingTooLong(asked, null, montevideo('2026-12-25T18:00:00'))).toBe(false);
    expect(isWaitingTooLong(asked, null, montevideo('2026-12-28T09:00:00'))).toBe(false);
    // 14 hours on Thursday and 11 on Monday.
    expect(isWaitingTooLong(asked, null, montevideo('2026-12-28T11:00:00'))).toBe(true);
  });

  it('over Semana de Turismo, waits from the Friday before to the Monday after', () => {
    const friday = montevideo('2026-03-27T16:00:00');
    expect(isWaitingTooLong(friday, null, montevideo('2026-04-03T18:00:00'))).toBe(false);
    expect(isWaitingTooLong(friday, null, montevideo('2026-04-06T15:00:00'))).toBe(false);
    expect(isWaitingTooLong(friday, null, montevideo('2026-04-06T17:00:00'))).toBe(true);
  });
});
