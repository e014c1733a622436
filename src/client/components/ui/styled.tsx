import type * as React from 'react';
import { cn } from '@client/lib/cn';

type Styleable = React.ElementType<{ className?: string }>;

/**
 * An element or primitive with our classes first and the caller's after: the shadcn wrapper
 * `({ className, ...props }) => <X className={cn(base, className)} {...props} />`, written once.
 * The caller's classes must not fight `base`: `cn` joins class lists, it does not merge them
 * (docs/decisions/045-class-lists-without-merging.md).
 */
export function styled<T extends Styleable>(component: T, base: string) {
  const Component = component as React.ElementType;
  function Styled(props: React.ComponentProps<T>) {
    const { className, ...rest } = props;
    return <Component className={cn(base, className)} {...rest} />;
  }
  const inner =
    typeof component === 'string' ? component : (component as { displayName?: string }).displayName;
  Styled.displayName = `styled(${inner ?? 'component'})`;
  return Styled;
}
