import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests as measured when these were set, a point or two below; the
// client is covered by Playwright, which this does not count.
const COVERAGE_THRESHOLDS = {
  'src/server/**': { lines: 88, statements: 86, functions: 86, branches: 72 },
  'src/shared/**': { lines: 91, statements: 90, functions: 70, branches: 83 },
  'src/client/**': { lines: 1, statements: 1, functions: 2, branches: 0.5 },
};

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('src/shared'),
      '@client': fromRoot('src/client'),
      '@server': fromRoot('src/server'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
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
      exclude: ['src/client/routeTree.gen.ts'],
      reporter: ['text-summary'],
      thresholds: COVERAGE_THRESHOLDS,
    },
  },
});
