import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: fromRoot('public'),
  resolve: {
    alias: {
      '@shared': fromRoot('src/shared'),
      '@client': fromRoot('src/client'),
      '@server': fromRoot('src/server'),
    },
  },
  plugins: [
    // The router plugin must run before react() so the generated route tree is ready.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('src/client/routes'),
      generatedRouteTree: fromRoot('src/client/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  // Two builds (`npm run build`): the browser's files with a manifest the server reads to link
  // them, and `--ssr` the render entry the server imports by path (src/server/ssr/).
  build: isSsrBuild
    ? {
        outDir: fromRoot('dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: fromRoot('src/client/entry-server.tsx') },
      }
    : {
        outDir: fromRoot('dist/client'),
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: fromRoot('src/client/main.tsx'),
          output: {
            // Every page needs React, the router, Query and tRPC before it hydrates: one file
            // compresses better than the ~20 slivers the automatic splitting cut them into.
            // Only libraries every page loads belong here (lazy ones, e.g. the editor, would
            // be pulled in with them).
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|superjson|copy-anything|is-what|zustand|use-sync-external-store|clsx|tailwind-merge|class-variance-authority)[\\/]/,
                },
              ],
            },
          },
        },
      },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
}));
