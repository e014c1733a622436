import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '@client/components/ui/toaster';
import {
  createQueryClient,
  createTrpcClient,
  createTrpcOptions,
  TRPCProvider,
} from '@client/lib/trpc';
import { installSessionSync } from '@client/lib/session-sync';
import { routeTree } from './routeTree.gen';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const trpc = createTrpcOptions(trpcClient, queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

installSessionSync(queryClient, trpc, router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
