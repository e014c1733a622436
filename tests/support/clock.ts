// A clock the test moves by hand: expiry, reminders and sessions are tested by moving it,
// never by sleeping (src/server/clock.ts).
import type { Clock } from '@server/clock';

export type MovableClock = Clock & {
  /** Moves the clock forward by `ms` (negative goes back). */
  advance(ms: number): void;
  set(instant: Date | string): void;
};

export const DAY_MS = 24 * 60 * 60 * 1000;

export function movableClock(start: Date | string = new Date()): MovableClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (instant) => {
      current = new Date(instant).getTime();
    },
  };
}
