import type * as React from 'react';
import * as SheetPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { styled } from './styled';

export const Sheet = SheetPrimitive.Root;
const SheetOverlay = styled(
  SheetPrimitive.Overlay,
  'data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in fixed inset-0 z-50 bg-black/50',
);

const sideClasses = {
  right:
    'inset-y-0 right-0 border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right',
  left: 'inset-y-0 left-0 border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left',
} as const;

const widths = { panel: 'w-full sm:max-w-[500px]', menu: 'w-72 sm:max-w-72' } as const;

/** `padded`: one padded column; `sections`: its parts (a SheetHeader bar, a list) pad themselves. */
const layouts = { padded: 'gap-4 p-6', sections: 'gap-0 p-0' } as const;

export type SheetContentProps = React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: 'right' | 'left';
  width?: keyof typeof widths;
  layout?: keyof typeof layouts;
};

export function SheetContent({
  side = 'right',
  width = 'panel',
  layout = 'padded',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        className={cn(
          'border-border bg-card text-card-foreground fixed z-50 flex h-full flex-col overflow-y-auto shadow-xl',
          widths[width],
          layouts[layout],
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          aria-label="Cerrar"
          className="text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-ring absolute top-4 right-4 rounded-md p-1 transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none"
        >
          <X className="size-5" aria-hidden="true" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

/** `bar`: a padded strip with a rule below, for a sheet laid out in sections. */
export function SheetHeader({
  className,
  variant = 'plain',
  ...props
}: React.ComponentProps<'div'> & { variant?: 'plain' | 'bar' }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-1.5',
        variant === 'bar' ? 'border-border border-b p-6' : 'pr-8',
        className,
      )}
      {...props}
    />
  );
}

export const SheetTitle = styled(SheetPrimitive.Title, 'text-foreground text-lg font-semibold');

export const SheetDescription = styled(SheetPrimitive.Description, 'text-muted-foreground text-sm');
