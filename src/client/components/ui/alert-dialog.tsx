import type * as React from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { cn } from '@client/lib/cn';
import { buttonVariants } from './button';
import { styled } from './styled';

const overlayClasses =
  'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in';

const modalContentClasses =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl data-[state=closed]:animate-content-out data-[state=open]:animate-content-in';

export const AlertDialog = AlertDialogPrimitive.Root;

export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content className={cn(modalContentClasses, className)} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = styled('div', 'flex flex-col gap-1.5 text-left');

export const AlertDialogFooter = styled(
  'div',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const AlertDialogTitle = styled(
  AlertDialogPrimitive.Title,
  'text-foreground text-lg leading-tight font-semibold',
);

export const AlertDialogDescription = styled(
  AlertDialogPrimitive.Description,
  'text-muted-foreground text-sm',
);

export const AlertDialogCancel = styled(
  AlertDialogPrimitive.Cancel,
  buttonVariants({ variant: 'outline' }),
);
