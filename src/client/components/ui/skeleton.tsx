import type * as React from 'react';
import { cn } from '@client/lib/cn';

const radii = {
  none: 'rounded-none',
  md: 'rounded-md',
  lg: 'rounded-lg',
  xl: 'rounded-xl',
} as const;

export function Skeleton({
  className,
  rounded = 'md',
  ...props
}: React.ComponentProps<'div'> & { rounded?: keyof typeof radii }) {
  return (
    <div
      aria-hidden="true"
      className={cn('bg-muted animate-pulse', radii[rounded], className)}
      {...props}
    />
  );
}
