import type * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { useIsHydrated } from '@client/lib/use-is-hydrated';

// Class lists are joined, not merged (no tailwind-merge in the bundle): no two parts of a button
// may set the same property. Each variant owns the colours, each size the box, text size and
// alignment; a caller adds only what neither sets (margins, widths, flex placement).
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center gap-2 rounded-md font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline:
          'border border-border bg-card text-foreground shadow-sm hover:bg-accent hover:text-accent-foreground',
        /** An outlined action that deletes or ends something. */
        'outline-destructive':
          'border border-border bg-card text-destructive shadow-sm hover:bg-accent hover:text-destructive',
        /** On the hero's dark picture. */
        'outline-on-dark':
          'border border-white/30 bg-white/5 text-white shadow-sm hover:bg-white/15 hover:text-white',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        'ghost-destructive': 'text-destructive hover:bg-accent hover:text-destructive',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 justify-center px-4 py-2 text-sm whitespace-nowrap',
        sm: 'h-8 justify-center rounded-md px-3 text-xs whitespace-nowrap',
        lg: 'h-11 justify-center rounded-md px-6 text-base whitespace-nowrap',
        icon: 'size-10 justify-center text-sm whitespace-nowrap',
        'icon-sm': 'size-8 justify-center text-sm whitespace-nowrap',
        'icon-xs': 'size-7 justify-center text-sm whitespace-nowrap',
        /** A link-styled button aligned with the text around it. */
        flush: 'h-10 justify-center px-0 py-2 text-sm whitespace-nowrap',
        'flush-sm': 'h-8 justify-center rounded-md px-0 text-xs whitespace-nowrap',
        /** An entry of a side menu: starts at the left like the links beside it. */
        menu: 'h-10 justify-start px-3 py-2 text-sm whitespace-nowrap',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  ...props
}: ButtonProps) {
  const isHydrated = useIsHydrated();
  if (asChild) {
    return <Slot className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  return (
    <button
      type={type ?? 'button'}
      // A submit pressed before hydration would send the form natively: a GET that puts the
      // fields (a password) in the URL. It waits, disabled, until React handles it.
      disabled={disabled || (type === 'submit' && !isHydrated)}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}

type IconButtonProps = Omit<ButtonProps, 'children' | 'size' | 'asChild' | 'aria-label'> & {
  /** The button's accessible name: it shows only the icon. */
  label: string;
  icon: LucideIcon;
  size?: 'icon' | 'icon-sm' | 'icon-xs';
  iconClassName?: string;
};

/** A button that shows only an icon and is named by `label` for screen readers. */
export function IconButton({
  label,
  icon: Icon,
  size = 'icon',
  iconClassName,
  ...props
}: IconButtonProps) {
  return (
    <Button size={size} aria-label={label} {...props}>
      <Icon aria-hidden="true" className={iconClassName} />
    </Button>
  );
}
