// `npm run build:server`: bundles our server code into dist/server/*.js for plain `node`.
// Packages stay external (installed with `npm install --omit=dev` in the image), so only
// `dependencies` may be imported at run time: tests/unit/server-build.test.ts checks that.
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const serverBuildOptions = {
  entryPoints: {
    main: 'src/server/main.ts',
    'admin-cli': 'src/server/admin-cli.ts',
    'migrate-cli': 'src/server/ops/migrate-cli.ts',
    'backup-cli': 'src/server/ops/backup-cli.ts',
    'restore-cli': 'src/server/ops/restore-cli.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Our @shared/@server aliases come from tsconfig.json; every other import is a package.
  packages: 'external',
  logLevel: 'warning',
} satisfies BuildOptions;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build(serverBuildOptions);
}
