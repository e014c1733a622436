// Failed logins slow down the (client address, account) pair that makes them, never the account
// for everyone: otherwise a stranger could keep the real admin out with a few wrong passwords
// every quarter of an hour (docs/decisions/029-rate-limits-and-honeypot.md).
import { TRPCError } from '@trpc/server';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { loginWaitMessage, messages } from '@shared/messages';
import {
  clientKeyOf,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_WAIT_SECONDS,
  type RateLimiters,
} from '../rate-limits';

type LoginLimiters = Pick<RateLimiters, 'loginFailureLimiter' | 'loginTurnLimiter'>;

/**
 * Seconds a pair waits before its next attempt after `failures` failures in a row: none for the
 * first few, then 1, 2, 4 … up to LOGIN_MAX_WAIT_SECONDS.
 */
export function loginWaitSeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_WAIT_SECONDS);
}

/**
 * Takes the pair's turn, or refuses with how long the pair still waits. The turn is one atomic
 * consume, so parallel attempts of one pair cannot all reach the password check before the
 * first failure sets the wait.
 */
async function takeTurn(limiter: LoginLimiters['loginTurnLimiter'], pair: string) {
  try {
    await limiter.consume(pair);
  } catch (error) {
    // A store failure is an error of ours, not the caller's excess.
    if (error instanceof Error) throw error;
    const seconds = Math.max(1, Math.ceil((error as RateLimiterRes).msBeforeNext / 1000));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: loginWaitMessage(seconds) });
  }
}

/**
 * Runs `checkPassword` (the user's id, or null for a wrong e-mail or password) for a login of
 * `email` from `ip`, unless that pair must still wait; a failure makes the pair wait longer and
 * a success forgets its failures. Other addresses, the account's owner among them, are never
 * refused because of this pair. `email` is already lower-cased by the input schema.
 */
export async function checkLoginWithBackoff(
  limiters: LoginLimiters,
  attempt: { email: string; ip: string },
  checkPassword: () => Promise<number | null>,
): Promise<number> {
  // An address never holds '|', so no e-mail can make two pairs share a key.
  const pair = `${clientKeyOf(attempt.ip)}|${attempt.email}`;
  const { loginFailureLimiter, loginTurnLimiter } = limiters;
  await takeTurn(loginTurnLimiter, pair);
  let userId: number | null;
  try {
    userId = await checkPassword();
  } catch (error) {
    // Our failure, not the caller's: the pair may try again at once.
    await loginTurnLimiter.delete(pair);
    throw error;
  }
  if (userId !== null) {
    await Promise.all([loginFailureLimiter.delete(pair), loginTurnLimiter.delete(pair)]);
    return userId;
  }
  const { consumedPoints } = await loginFailureLimiter.penalty(pair);
  const wait = loginWaitSeconds(consumedPoints);
  if (wait > 0) await loginTurnLimiter.block(pair, wait);
  else await loginTurnLimiter.delete(pair);
  throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
}
