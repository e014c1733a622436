// The setup most integration files share: a fresh database and its deps for the whole file,
// optionally the HTTP app with a signed-in admin's cookie, all closed after the file.
// Each file still creates its own users and data in a beforeAll of its own, which runs after
// this one (vitest runs beforeAll hooks in the order they are registered).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@server/app';
import type { Database } from '@server/db/client';
import type { AppDeps } from '@server/deps';
import { createTestCookie, createTestDeps } from './context';
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

/**
 * Registers the file's beforeAll/afterAll and returns the object they fill in: read its fields
 * inside hooks and tests, never at the top level of the file (they are set in beforeAll).
 */
export function useTestApp(options: { http: true }): HttpTestApp;
export function useTestApp(options?: { http?: false }): TestApp;
export function useTestApp(options: { http?: boolean } = {}): TestApp | HttpTestApp {
  const world = {} as Partial<HttpTestApp>;
  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.db = world.database.db;
    world.deps = createTestDeps(world.db);
    if (options.http) {
      world.app = await buildApp(world.deps);
      world.adminCookie = await createTestCookie(world.deps, { role: 'admin' });
    }
  });
  afterAll(async () => {
    await world.app?.close();
    await world.database?.close();
  });
  return world as HttpTestApp;
}
