import './styles.css';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient, createTrpcClient, createTrpcOptions } from '@client/lib/trpc';
import { createAppRouter } from './router';
import { installSessionSync } from '@client/lib/session-sync';

const queryClient = createQueryClient();
const trpc = createTrpcOptions(createTrpcClient(), queryClient);
const { pathname, search, hash } = window.location;
const router = createAppRouter({ queryClient, trpc }, pathname + search + hash);

installSessionSync(queryClient, trpc, router);

/**
 * Marks the document `data-hydrated` once React has hydrated it and handles its events: before
 * that, a click on the server's HTML does nothing. End-to-end tests wait for the mark after
 * every page load (tests/support/fixtures.ts) instead of racing the page's scripts.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

// The server rendered the whole document (src/server/ssr/): hydrate it, don't replace it.
// As a transition, React hydrates in slices and yields to the browser between them, instead
// of one long task that blocks taps and scrolling while a phone works through the page.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
      <HydratedMark />
    </StrictMode>,
  );
});
