import { useSyncExternalStore } from 'react';

/**
 * Where a company invitation's token waits in the tab while the invited person signs in or
 * signs up (the invitation page and the sign-up read it).
 */
export const REMEMBERED_INVITATION = 'company-invitation';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

function readToken(remember?: string): string | null {
  const fromHash = window.location.hash.replace(/^#/, '') || null;
  if (!remember) return fromHash;
  // Writing the same value again is harmless: the store's snapshot stays the same string.
  if (fromHash) window.sessionStorage.setItem(remember, fromHash);
  return fromHash ?? window.sessionStorage.getItem(remember);
}

/**
 * The token of a mailed link, which travels after '#' (never sent to the server, so no log or
 * cache keeps it). Undefined in the server's HTML and while hydrating; null when there is none.
 * `remember` keeps it in this tab for a page that sends the visitor to sign in first.
 */
export function useHashToken(remember?: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readToken(remember),
    () => undefined,
  );
}

/** Forgets a remembered token once it has been used. */
export const forgetHashToken = (remember: string) => window.sessionStorage.removeItem(remember);
