import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
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
  build: { outDir: fromRoot('dist/client'), emptyOutDir: true },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
