// Toasts only ever follow an action: sonner's code loads with the first one, not with the page
// (components/layout/client-extras.tsx mounts the toaster when asked).
import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

let sonner: Promise<{ toast: Toast }> | undefined;
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});
const wantListeners = new Set<() => void>();

/** True once a toast was asked for: the toaster is then mounted for good. */
export const toasterWanted = {
  current: false,
  subscribe: (listener: () => void) => {
    wantListeners.add(listener);
    return () => {
      wantListeners.delete(listener);
    };
  },
};

/** Called by the mounted toaster: toasts asked for before it existed are shown now. */
export const toasterReady = () => markToasterMounted();

async function show(call: (toast: Toast) => void) {
  if (!sonner) {
    sonner = import('sonner');
    toasterWanted.current = true;
    for (const listener of wantListeners) listener();
  }
  const { toast } = await sonner;
  await toasterMounted;
  call(toast);
}

export const notify = {
  success(message: string) {
    void show((toast) => toast.success(message, { duration: 2000 }));
  },
  error(message: string) {
    void show((toast) => toast.error(message, { duration: 4000 }));
  },
  info(message: string) {
    void show((toast) => toast.info(message));
  },
};
