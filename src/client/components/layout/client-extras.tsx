import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { toasterWanted } from '@client/lib/notify';
import { useCartStore } from '@client/stores/cart';

const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * What exists only in the browser, after hydration so the first client render equals the
 * server's HTML: the saved cart (localStorage), and the toaster once a toast is asked for.
 */
export function ClientExtras() {
  const isToasterWanted = useSyncExternalStore(
    toasterWanted.subscribe,
    () => toasterWanted.current,
    () => false,
  );
  useEffect(() => {
    void useCartStore.persist.rehydrate();
  }, []);
  if (!isToasterWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
