// The Docker image installs `dependencies` only: the compiled server may import nothing else.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../scripts/build-server';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
};

/** 'drizzle-orm/pglite' -> 'drizzle-orm', '@fastify/static' -> '@fastify/static'. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('compiled server', () => {
  it('bundles our code and imports only production dependencies and Node built-ins', async () => {
    const result = await build({ ...serverBuildOptions, write: false, metafile: true });
    const outputs = Object.keys(result.metafile.outputs).map((file) => file.replace(/\\/g, '/'));
    expect(outputs.sort()).toEqual([
      'dist/server/admin-cli.js',
      'dist/server/main.js',
      'dist/server/migrate-cli.js',
    ]);
    const imported = new Set(
      Object.values(result.metafile.outputs).flatMap((output) =>
        output.imports.filter((entry) => entry.external).map((entry) => entry.path),
      ),
    );
    const builtins = new Set(builtinModules);
    const notInstalled = [...imported].filter(
      (specifier) =>
        !specifier.startsWith('node:') &&
        !builtins.has(specifier) &&
        !(packageOf(specifier) in packageJson.dependencies),
    );
    expect(notInstalled).toEqual([]);
    // Our own aliases are resolved into the bundle, never left for Node to find.
    expect(
      [...imported].filter((specifier) => /^@(shared|server|client)\//.test(specifier)),
    ).toEqual([]);
  });
});
