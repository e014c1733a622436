import type * as React from 'react';
import { Toaster as SonnerToaster } from 'sonner';

export function Toaster(props: React.ComponentProps<typeof SonnerToaster>) {
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
