import type * as React from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from '@client/lib/cn';

type LabelProps = React.ComponentProps<typeof LabelPrimitive.Root> & {
  /** `normal` for an option's text beside its checkbox, `medium` for a field's name. */
  weight?: 'medium' | 'normal';
};

export function Label({ className, weight = 'medium', ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      className={cn(
        'text-foreground text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        weight === 'medium' ? 'font-medium' : 'font-normal',
        className,
      )}
      {...props}
    />
  );
}
