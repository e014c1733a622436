// The Docker image installs `dependencies` only: neither the compiled server nor the
// server-rendering bundle it imports (dist/ssr) may import anything else.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild, type Rolldown } from 'vite';
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

const builtins = new Set(builtinModules);

/** The bare imports `npm install --omit=dev` would leave unresolvable. */
const notInstalled = (imported: Iterable<string>, dependencies = packageJson.dependencies) =>
  [...imported].filter(
    (specifier) =>
      !specifier.startsWith('node:') &&
      !builtins.has(specifier) &&
      !(packageOf(specifier) in dependencies),
  );

/** Our own aliases are resolved into the bundle, never left for Node to find. */
const ownAliases = (imported: Iterable<string>) =>
  [...imported].filter((specifier) => /^@(shared|server|client)\//.test(specifier));

describe('compiled server', () => {
  it('bundles our code and imports only production dependencies and Node built-ins', async () => {
    const result = await build({ ...serverBuildOptions, write: false, metafile: true });
    const outputs = Object.keys(result.metafile.outputs).map((file) => file.replace(/\\/g, '/'));
    expect(outputs.sort()).toEqual([
      'dist/server/admin-cli.js',
      'dist/server/backup-cli.js',
      'dist/server/main.js',
      'dist/server/migrate-cli.js',
      'dist/server/restore-cli.js',
    ]);
    const imported = new Set(
      Object.values(result.metafile.outputs).flatMap((output) =>
        output.imports.filter((entry) => entry.external).map((entry) => entry.path),
      ),
    );
    expect(notInstalled(imported)).toEqual([]);
    expect(ownAliases(imported)).toEqual([]);
  });
});

/**
 * `vite build --ssr` as `npm run build` runs it, in memory: vite.config.ts's SSR build, in
 * production mode (NODE_ENV decides the JSX runtime: react/jsx-dev-runtime under 'test').
 */
async function buildSsrBundle(): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await viteBuild({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: true, write: false },
    });
    if (!Array.isArray(result) && !('output' in result)) throw new Error('vite build watched');
    return (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

describe('server-rendering bundle', () => {
  it('imports only production dependencies and Node built-ins, its lazy chunks included', async () => {
    const outputs = await buildSsrBundle();
    const chunks = outputs.filter((output) => output.type === 'chunk');
    expect(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)).toEqual([
      'entry-server.js',
    ]);
    // A chunk names the other chunks it loads by file name; anything else stays external.
    const ownFiles = new Set(outputs.map((output) => output.fileName));
    const imported = new Set(
      chunks
        .flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports])
        .filter((specifier) => !ownFiles.has(specifier)),
    );
    // The packages the render loads at run time are seen (not bundled, not missed).
    expect(imported).toContain('react');
    expect(imported).toContain('react/jsx-runtime');
    expect(imported).toContain('@tanstack/react-router');
    expect(notInstalled(imported)).toEqual([]);
    expect(ownAliases(imported)).toEqual([]);
    expect([...imported].filter((specifier) => /^[./]/.test(specifier))).toEqual([]);
  });
});
