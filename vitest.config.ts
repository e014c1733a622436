import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The tests of every upload path run a second time with the images in an object store. */
const UPLOAD_TESTS = [
  'tests/integration/product-uploads.test.ts',
  'tests/integration/blog.test.ts',
  'tests/integration/admin-products.test.ts',
];

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
    projects: [
      {
        extends: true,
        test: {
          name: 'disk',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 's3',
          include: UPLOAD_TESTS,
          globalSetup: ['tests/support/s3-server.ts'],
          setupFiles: ['tests/support/s3-setup.ts'],
          // The AWS SDK's notice that its 2027 releases will want Node 22: noise in test output.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
    ],
  },
});
