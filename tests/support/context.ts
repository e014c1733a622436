// Builds what a procedure sees, without HTTP: deps, a caller and signed-in users.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generateSessionToken,
  createSession,
  type SessionUser,
  validateSessionToken,
} from '@server/auth/session';
import { eq } from 'drizzle-orm';
import type { Clock } from '@server/clock';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import { promoteToAdmin, registerCustomer } from '@server/services/accounts/accounts';
import { createAppDeps } from '@server/deps';
import type { ImportSettings } from '@server/services/catalog/csv/import-apply';
import type { AppDeps } from '@server/app-deps';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { testStorageEnv } from './storage';

/**
 * Config for rendering pages from the source render entry, without a client build: the HTML
 * links no scripts, so tests need no `npm run build`.
 */
export const SOURCE_PAGES = {
  ssrEntry: path.resolve('src/client/entry-server.tsx'),
  clientDir: path.resolve('tests/no-client-build'),
} as const;

export type TestDepsOptions = {
  formEndpoint?: string;
  /** Settings over the tests' defaults below. */
  env?: Record<string, string>;
  clock?: Clock;
  /** The real catalogue answer and page caches, with this TTL (tests run without them). */
  catalogCacheTtlMs?: number;
  /** Pages rendered from the source entry (SOURCE_PAGES). */
  pages?: boolean;
  /** The catalogue import's limits and write batch, small enough for a test's files. */
  catalogImport?: ImportSettings;
};

export function createTestDeps(db: Database, options: TestDepsOptions = {}): AppDeps {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'tienda-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    UPLOADS_DIR: uploadsDir,
    FORM_ENDPOINT: options.formEndpoint,
    AUTH_RATE_LIMIT: '1000',
    // Suites place many quotes as one customer; the limits have tests of their own.
    QUOTE_RATE_LIMIT: '1000',
    MAX_OPEN_QUOTES: '1000',
    MAX_HELD_UNITS: '1000000',
    MAX_HELD_VARIANT_PERCENT: '100',
    // Test users' e-mails are unconfirmed; email-verification.test.ts checks that cap.
    UNVERIFIED_MAX_HELD_UNITS: '1000000',
    // Local disk, or the s3 project's bucket (vitest.config.ts runs upload tests on both).
    ...testStorageEnv(),
    ...options.env,
  });
  if (options.pages) Object.assign(config, SOURCE_PAGES);
  // No catalogue cache unless asked: tests that write rows directly must read them back at once.
  return createAppDeps(db, config, {
    catalogCacheTtlMs: options.catalogCacheTtlMs ?? 0,
    clock: options.clock,
    catalogImport: options.catalogImport,
  });
}

let userCounter = 0;

/** Registers a user (customer, or admin when asked) and returns its live session. */
export async function createTestUser(
  deps: AppDeps,
  options: {
    role?: 'customer' | 'admin';
    fullName?: string;
    email?: string;
    /** Its address confirmed, as after opening the mailed link (inviting needs it). */
    emailVerified?: boolean;
  } = {},
): Promise<SessionUser> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${Date.now()}@test.uy`;
  const userId = await registerCustomer(deps.db, {
    email,
    password: 'secreto123',
    fullName: options.fullName ?? `Cliente ${userCounter}`,
  });
  if (options.role === 'admin') await promoteToAdmin(deps.db, email);
  if (options.emailVerified) {
    await deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  }
  const token = generateSessionToken();
  await createSession(deps.db, token, userId, deps.clock.now());
  const session = await validateSessionToken(deps.db, token, deps.clock.now());
  if (!session) throw new Error('test session was not created');
  return session;
}

/** A new user's cookie header, as the browser would send it to the HTTP routes. */
export async function createTestCookie(
  deps: AppDeps,
  options: { role?: 'customer' | 'admin' } = {},
): Promise<string> {
  const user = await createTestUser(deps, options);
  const token = generateSessionToken();
  await createSession(deps.db, token, user.user.id, deps.clock.now());
  return `session=${token}`;
}

/** A tRPC caller acting as `session` (or as an anonymous visitor). */
export const callerFor = (deps: AppDeps, session: SessionUser | null = null) =>
  createCaller(createContextInner(deps, { session }));
