import { isIPv4, isIPv6 } from 'node:net';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Database } from './db/client';
import { rateLimits } from './db/schema';

/**
 * Every limiter is typed by rate-limiter-flexible's common interface (consume, reward, get,
 * delete), so a shared store (RateLimiterPostgres) can replace the in-memory one without
 * touching the callers.
 */
export type RateLimiter = RateLimiterAbstract;

export type RateLimiters = {
  /** Per client address: login, sign-up, contact form, newsletter (AUTH_RATE_LIMIT a minute). */
  rateLimiter: RateLimiter;
  /**
   * Failed logins per (client address, account) pair in a row; a success forgets them
   * (auth/login-backoff.ts).
   */
  loginFailureLimiter: RateLimiter;
  /**
   * The pair's turn: taken by each login attempt while its password is checked, and held for
   * the pair's wait after a failure, so the pair's attempts are checked one at a time.
   */
  loginTurnLimiter: RateLimiter;
  /** Quote requests per customer (QUOTE_RATE_LIMIT an hour). */
  quoteLimiter: RateLimiter;
  /**
   * Mailed account links (services/accounts/password-reset.ts, email-verification.ts): per client
   * address and per account (the address typed, whether it has an account or not, so the
   * refusal tells nothing), see ACCOUNT_MAIL_LIMITS.
   */
  accountMailLimiter: RateLimiter;
  /** Links asked from one client address: password resets. */
  accountMailAddressLimiter: RateLimiter;
  /** Invitations one company sends a day. */
  invitationLimiter: RateLimiter;
  /** Invitations one account sends a day, whatever company it administers. */
  invitationSenderLimiter: RateLimiter;
  /** Invitations one address receives a day, whoever sends them. */
  invitationRecipientLimiter: RateLimiter;
  /**
   * Mails to an address that did not ask for them (the 'this address has an account' warning
   * of 'Cambiar correo'): per address a day; past it nothing is sent and the answer is the same.
   */
  unaskedMailLimiter: RateLimiter;
};

/**
 * How many account links: per account an hour, per client address an hour; invitations a day
 * per company, per inviting account and per invited address; unasked warnings a day per
 * address. A company onboards its buyers a handful at a time: 20 a day from one administrator
 * covers a purchasing department on its first day, and an address gets 3 (a retry after a
 * cancelled or expired one) instead of one stranger's mail an hour
 * (docs/decisions/076-secrets-out-of-backups-and-mails.md).
 */
export const ACCOUNT_MAIL_LIMITS = {
  perAccount: 3,
  perAddress: 10,
  invitationsPerDay: 30,
  invitationsPerInviterPerDay: 20,
  invitationsPerRecipientPerDay: 3,
  unaskedMailsPerAddressPerDay: 1,
};

const DAY_SECONDS = 24 * 60 * 60;

/** Failures of one pair that are answered at once; each one after them doubles the wait. */
export const LOGIN_FREE_FAILURES = 3;
/** The longest a pair waits between two attempts. */
export const LOGIN_MAX_WAIT_SECONDS = 15 * 60;
/** A pair's failures are forgotten this long after its first one (or at its next success). */
const LOGIN_FAILURES_WINDOW_SECONDS = 24 * 60 * 60;
/** How long one password check may hold its pair's turn if it never gives it back. */
const LOGIN_CHECK_SECONDS = 10;

/**
 * On PostgreSQL (DATABASE_URL set) the counters live in the rate_limits table, one UPSERT per
 * hit, so several instances together allow what one allows; the embedded PGlite serves one
 * process, which keeps them in memory.
 */
export function createRateLimiters(config: Config, db: Database): RateLimiters {
  const limiter = (options: IRateLimiterOptions & { keyPrefix: string }): RateLimiter =>
    config.DATABASE_URL
      ? new RateLimiterDrizzle({ ...options, storeClient: db, schema: rateLimits })
      : new RateLimiterMemory(options);
  return {
    rateLimiter: limiter({ keyPrefix: 'client', points: config.AUTH_RATE_LIMIT, duration: 60 }),
    loginFailureLimiter: limiter({
      keyPrefix: 'login-failures',
      points: LOGIN_FREE_FAILURES,
      duration: LOGIN_FAILURES_WINDOW_SECONDS,
    }),
    loginTurnLimiter: limiter({
      keyPrefix: 'login-turn',
      points: 1,
      duration: LOGIN_CHECK_SECONDS,
    }),
    quoteLimiter: limiter({
      keyPrefix: 'quote',
      points: config.QUOTE_RATE_LIMIT,
      duration: 60 * 60,
    }),
    accountMailLimiter: limiter({
      keyPrefix: 'account-mail',
      points: ACCOUNT_MAIL_LIMITS.perAccount,
      duration: 60 * 60,
    }),
    accountMailAddressLimiter: limiter({
      keyPrefix: 'account-mail-address',
      points: ACCOUNT_MAIL_LIMITS.perAddress,
      duration: 60 * 60,
    }),
    invitationLimiter: limiter({
      keyPrefix: 'invitation',
      points: ACCOUNT_MAIL_LIMITS.invitationsPerDay,
      duration: DAY_SECONDS,
    }),
    invitationSenderLimiter: limiter({
      keyPrefix: 'invitation-sender',
      points: ACCOUNT_MAIL_LIMITS.invitationsPerInviterPerDay,
      duration: DAY_SECONDS,
    }),
    invitationRecipientLimiter: limiter({
      keyPrefix: 'invitation-recipient',
      points: ACCOUNT_MAIL_LIMITS.invitationsPerRecipientPerDay,
      duration: DAY_SECONDS,
    }),
    unaskedMailLimiter: limiter({
      keyPrefix: 'unasked-mail',
      points: ACCOUNT_MAIL_LIMITS.unaskedMailsPerAddressPerDay,
      duration: DAY_SECONDS,
    }),
  };
}

/** Takes one point of `key`: false when none is left (a store failure still throws). */
export async function tookPoint(limiter: RateLimiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof Error) throw error;
    return false;
  }
}

/** The eight 16-bit groups of an IPv6 address, '::' expanded. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = split(head);
  const tailGroups = tail === undefined ? [] : split(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
}

/**
 * The rate-limit key of a client address. One IPv6 subscriber usually holds a whole /64 and
 * can rotate through it at will, so IPv6 addresses count per /64; IPv4 (also when written as
 * an IPv4-mapped IPv6 address) counts per address.
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const prefix = ipv6Groups(address.toLowerCase())
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
