import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { messages } from '@shared/client-messages';

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

/** Placeholders standing in for content still loading, announced once to screen readers. */
export function SkeletonGroup({
  className,
  children,
}: {
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      {children}
    </div>
  );
}
