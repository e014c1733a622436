import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lucideIconSwap } from './scripts/lucide-icon-swap';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// What every public page (home, shop, product, blog) loads besides its own component: the
// header, footer, the shared UI pieces and texts. One file instead of ~35 slivers of a few
// hundred bytes each, which gzip separately and cost about 8 KB of the page's first load.
// Only modules those pages load eagerly belong here: a dashboard-only piece listed here would
// ship on the home.
const storeShell = new RegExp(
  [
    String.raw`src/client/components/layout/(store-|whatsapp-button|client-extras|status-screens)`,
    String.raw`src/client/components/ui/(avatar|badge|button|empty-state|form-field|input|label|native-select|price|skeleton|spinner|toast)\.`,
    String.raw`src/client/components/(newsletter-form|product-image|query-state|stored-image)\.`,
    String.raw`src/client/features/catalog/(product-card|colour-swatches|variants)\.`,
    String.raw`src/client/stores/`,
    String.raw`src/client/lib/(admin-form|cn|lucide-icon|errors|load-or-not-found|refusals|seo|session|session-sync|trpc|use-cart-refresh|use-debounced-value|use-once-true)\.`,
    String.raw`src/client/routes/_store\.tsx`,
    // money and pricing: the cart store (here) sums its lines and labels their prices when it is
    // created; left in the entry chunk, which imports this one, they were still undefined then
    // ('ue is not a function').
    String.raw`src/shared/(client-messages|images|store-info|catalog-limits|order-status|order-filters|format|audit|dashboard-ranges|page|money|pricing|quote-limits)\.`,
    String.raw`src/shared/schemas/search-params\.`,
    // lucide's own Icon and what only it reads are out of the build (scripts/lucide-icon-swap.ts).
    String.raw`node_modules/lucide-react/dist/esm/(shared|createLucideIcon)`,
    String.raw`node_modules/lucide-react/dist/esm/icons/(shopping-cart|user-round|search|truck|mail|image-off|chevron-down|chevron-right|arrow-right|menu|x|check|loader-circle)\.`,
    String.raw`node_modules/@radix-ui/react-(slot|primitive|compose-refs|label)/`,
  ]
    .join('|')
    .replaceAll('/', String.raw`[\\/]`),
);

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
    lucideIconSwap(fromRoot('src/client/lib/lucide-icon.ts')),
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
          // @trpc/client does not declare itself free of side effects, so every module its
          // index re-exports (the WebSocket link, subscriptions...) stayed in the first load
          // although we use three of its exports. None of them has any.
          treeshake: {
            moduleSideEffects: (id: string) =>
              /node_modules[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined,
          },
          output: {
            // Every page needs React, the router, Query and tRPC before it hydrates: one file
            // compresses better than the ~20 slivers the automatic splitting cut them into.
            // Only libraries every page loads belong here (lazy ones, e.g. the editor, would
            // be pulled in with them).
            codeSplitting: {
              // Each group holds what its test names, not everything those modules import:
              // otherwise the vendor chunk also swallowed the HTTP link that only the lazy
              // `trpc-http` chunk uses (through @trpc/client's index), and the store chunk the
              // dashboard-only code its modules reach.
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'vendor',
                  priority: 3,
                  test: /vite[\\/]preload-helper|node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc[\\/](?!client[\\/]dist[\\/]http)[\w-]+|zustand|use-sync-external-store|clsx|class-variance-authority)[\\/]/,
                },
                {
                  // The HTTP link and superjson load on a page's first tRPC request
                  // (src/client/lib/trpc-http.ts), which most public pages never make at load.
                  // Their own group, after the vendor one (which keeps what they share with
                  // the rest of @trpc/client), or they would join an initial chunk.
                  name: 'trpc-http',
                  priority: 2,
                  test: /node_modules[\\/](@trpc[\\/]client[\\/]dist[\\/]http|superjson[\\/]|copy-anything[\\/]|is-what[\\/])|src[\\/]client[\\/]lib[\\/]trpc-http\./,
                },
                {
                  name: 'store',
                  priority: 1,
                  test: storeShell,
                },
              ],
            },
          },
        },
      },
  // Bundled into the server's render as well, so that lucideIconSwap reaches its icons there.
  ssr: { noExternal: ['lucide-react'] },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
}));
