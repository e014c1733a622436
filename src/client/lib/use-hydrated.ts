import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False in the server's HTML and while hydrating, true from the first render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
