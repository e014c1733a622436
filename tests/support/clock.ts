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

/**
 * The real clock moved ahead by hand: what the database stamps with its own now() (a queued
 * document's first attempt) is due at once, and retries come due as the test moves it.
 */
export function runningClock(): MovableClock {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    advance: (ms) => {
      aheadMs += ms;
    },
    set: (instant) => {
      aheadMs = new Date(instant).getTime() - Date.now();
    },
  };
}
