import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once React runs the page. */
export const useIsHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
