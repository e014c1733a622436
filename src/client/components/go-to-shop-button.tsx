import { Link } from '@tanstack/react-router';
import { Button } from '@client/components/ui/button';

/** The way out of an empty or missing page: back to the catalogue. */
export function GoToShopButton() {
  return (
    <Button asChild>
      <Link to="/tienda">Ir a la tienda</Link>
    </Button>
  );
}
