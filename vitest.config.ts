import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests as measured when these were set, about three points below (CI
// measured 1.5 points under a local run of the same commit: timing decides a few paths); the
// client is covered by Playwright, which this does not count.
const COVERAGE_THRESHOLDS = {
  'src/server/**': { lines: 92, statements: 89, functions: 89, branches: 80 },
  'src/shared/**': { lines: 91, statements: 90, functions: 70, branches: 83 },
  'src/client/**': { lines: 1, statements: 1, functions: 2, branches: 0.5 },
};

const PROCESS_ENTRIES = [
  'src/server/main.ts',
  'src/server/startup.ts',
  'src/server/jobs.ts',
  'src/server/admin-cli.ts',
  'src/server/ops/migrate-cli.ts',
  'src/server/ops/backup-cli.ts',
  'src/server/ops/restore-cli.ts',
];

/** Migrates once per run the database each test file starts from (see the file). */
const DATABASE_TEMPLATE = 'tests/support/database-template.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The tests of every upload path run a second time with the images in an object store. */
const UPLOAD_TESTS = [
  'tests/integration/product-uploads.test.ts',
  'tests/integration/blog.test.ts',
  'tests/integration/admin-products.test.ts',
  'tests/integration/brand-logos.test.ts',
  // The round trip only: the backup lists the bucket, and the restore names what it lacks.
  'tests/integration/backup-restore.test.ts',
];

/**
 * Files that replace a module with vi.mock: a module another file of the same worker already
 * imported is shared (isolate: false below) and keeps the real one, so these run in a worker
 * registry of their own. Found by reading the files, so a new one cannot be forgotten.
 */
const MODULE_MOCKING_TESTS = readdirSync(fromRoot('tests'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/${file}`)
  .filter((file) => readFileSync(fromRoot(file), 'utf8').includes('vi.mock('));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('src/shared'),
      '@client': fromRoot('src/client'),
      '@server': fromRoot('src/server'),
    },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each open their own database; two cores cannot run many at once.
    maxWorkers: 2,
    // A stray it.only would silently skip the rest of the suite in CI.
    allowOnly: !process.env.CI,
    // `npm test` runs with --coverage: the thresholds below may only go up.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: [
        'src/client/routeTree.gen.ts',
        // Entry points: tests/integration/startup.test.ts runs them as child processes, whose
        // coverage V8 does not report back here.
        ...PROCESS_ENTRIES,
      ],
      reporter: ['text-summary'],
      thresholds: COVERAGE_THRESHOLDS,
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'disk',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: MODULE_MOCKING_TESTS,
          // Files of a worker share their modules instead of importing the server (Fastify,
          // drizzle, the AWS SDK, pdfkit...) again each: about 110 s less per run. Every file
          // opens its own database and app; a file that stubs a global removes it after.
          isolate: false,
          globalSetup: [DATABASE_TEMPLATE],
        },
      },
      {
        extends: true,
        test: {
          name: 'mocks',
          include: MODULE_MOCKING_TESTS,
          globalSetup: [DATABASE_TEMPLATE],
        },
      },
      {
        extends: true,
        test: {
          name: 's3',
          include: UPLOAD_TESTS,
          globalSetup: [DATABASE_TEMPLATE, 'tests/support/s3-server.ts'],
          setupFiles: ['tests/support/s3-setup.ts'],
          // The AWS SDK's notice that its 2027 releases will want Node 22: noise in test output.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
    ],
  },
});
