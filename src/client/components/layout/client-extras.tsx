import { useHydrated } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useCartStore } from '@client/stores/cart';

// Toasts only ever appear after an action: their code loads after the first paint.
const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * What exists only in the browser, mounted after hydration so the first client render equals
 * the server's HTML: the saved cart (localStorage) and the toaster.
 */
export function ClientExtras() {
  const isHydrated = useHydrated();
  useEffect(() => {
    void useCartStore.persist.rehydrate();
  }, []);
  if (!isHydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
