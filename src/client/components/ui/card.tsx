import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { styled } from './styled';

export const Card = styled(
  'div',
  'border-border bg-card text-card-foreground rounded-lg border shadow-sm',
);

export const CardHeader = styled('div', 'flex flex-col gap-1.5 p-6');

// Only the default size is tightened: `text-base` and `text-xl` keep their own line height.
const titleSizes = { base: 'text-base', lg: 'text-lg leading-tight', xl: 'text-xl' } as const;

export function CardTitle({
  className,
  size = 'lg',
  ...props
}: React.ComponentProps<'h3'> & { size?: keyof typeof titleSizes }) {
  return (
    <h3 className={cn('font-semibold tracking-tight', titleSizes[size], className)} {...props} />
  );
}

/**
 * The card's body below a CardHeader. A body with padding of its own (a card without header)
 * is a plain div: class lists are not merged, so a second padding here would fight this one.
 */
export const CardContent = styled('div', 'p-6 pt-0');
