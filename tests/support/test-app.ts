// The setup most integration files share: a fresh database and its deps for the whole file,
// optionally the HTTP app with a signed-in admin's cookie, all closed after the file. A file
// states only what differs from the tests' defaults (createTestDeps): settings, a clock, the
// real catalogue caches, pages rendered from source, a form endpoint, the app's logger.
// Each file still creates its own users and data in a beforeAll of its own, which runs after
// this one (vitest runs beforeAll hooks in the order they are registered, afterAll in reverse).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@server/app';
import type { Database } from '@server/db/client';
import type { AppDeps } from '@server/app-deps';
import { createTestCookie, createTestDeps, type TestDepsOptions } from './context';
import { createTestDatabase, type TestDatabase } from './db';

export type TestApp = {
  database: TestDatabase;
  db: Database;
  deps: AppDeps;
};

export type HttpTestApp = TestApp & {
  app: FastifyInstance;
  /** The cookie header of an admin, for the /api routes that need one. */
  adminCookie: string;
};

export type TestAppOptions = Omit<TestDepsOptions, 'formEndpoint'> & {
  /** The form service's URL, or how to start it (read once the file's hooks run). */
  formEndpoint?: string | (() => Promise<string>);
};

export type HttpTestAppOptions = TestAppOptions & {
  http: true;
  /** The app's own logger, writing where the test reads it. */
  logger?: FastifyBaseLogger;
};

/**
 * Registers the file's beforeAll/afterAll and returns the object they fill in: read its fields
 * inside hooks and tests, never at the top level of the file (they are set in beforeAll).
 */
export function useTestApp(options: HttpTestAppOptions): HttpTestApp;
export function useTestApp(options?: TestAppOptions & { http?: false }): TestApp;
export function useTestApp(
  options: TestAppOptions & { http?: boolean; logger?: FastifyBaseLogger } = {},
): TestApp | HttpTestApp {
  const { http, logger, formEndpoint, ...depsOptions } = options;
  const world = {} as Partial<HttpTestApp>;
  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.db = world.database.db;
    world.deps = createTestDeps(world.db, {
      ...depsOptions,
      formEndpoint: typeof formEndpoint === 'function' ? await formEndpoint() : formEndpoint,
    });
    if (http) {
      world.app = await buildApp(world.deps, { logger });
      world.adminCookie = await createTestCookie(world.deps, { role: 'admin' });
    }
  });
  afterAll(async () => {
    await world.app?.close();
    await world.database?.close();
  });
  return world as HttpTestApp;
}
