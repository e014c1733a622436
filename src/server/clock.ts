// 'Now' comes from one place: deps.clock. Expiry, reminders, sessions and tokens read it, so a
// test moves the clock instead of sleeping, and every date a person reads is computed from the
// same instant (in Montevideo's calendar: @shared/format).

export type Clock = {
  /** The current instant. */
  now(): Date;
};

export const systemClock: Clock = { now: () => new Date() };
