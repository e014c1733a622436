import { useEffect } from 'react';
import type * as React from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { toasterReady } from '../../lib/notify';

export function Toaster(props: React.ComponentProps<typeof SonnerToaster>) {
  useEffect(toasterReady, []);
  return (
    <SonnerToaster
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={20}
      toastOptions={{ duration: 4000 }}
      {...props}
    />
  );
}
