import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@client/components/ui/button';

/** The home page's ways into the catalogue: a large button to /tienda with a forward arrow. */
export function BrowseShopButton({
  children,
  variant,
  className,
}: Pick<ButtonProps, 'variant' | 'className'> & { children: ReactNode }) {
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <Link to="/tienda">
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
