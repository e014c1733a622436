import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './tests/support/e2e-constants';

// Debian's chromium-headless-shell is the headless build of the same Chromium: without the
// full browser's windowing layers, a new context and its first page load take about half the
// time, and the suite runs in 7 minutes instead of 11. The full browser is the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  // A stray test.only would silently skip the rest of the suite in CI.
  forbidOnly: !!process.env.CI,
  // A flaky test is fixed, not retried: a retry would hide the race it found.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-UY',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx tests/support/e2e-server.ts',
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    // SIGTERM, not the default SIGKILL: the server drops its PostgreSQL database on the way out
    // (tests/support/e2e-server.ts); killed, it left one behind after every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
