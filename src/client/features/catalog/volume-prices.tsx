import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { PriceWithTax } from '@client/components/ui/price';
import { formatPercentOff } from '@shared/pricing';

type Tier = { minQuantity: number; percentOff: string; unitPrice: string };

/**
 * 'Precios por volumen' of the chosen variant: the same for every visitor, computed by the
 * server (catalog.get), never a company's price.
 */
export function VolumePrices({ tiers, quantity }: { tiers: Tier[]; quantity: number }) {
  if (tiers.length === 0) return null;
  const reached = tiers.filter((tier) => quantity >= tier.minQuantity).at(-1);
  return (
    <section aria-labelledby="volume-prices-title" className="flex flex-col gap-2">
      <h2 id="volume-prices-title" className="text-sm font-semibold">
        Precios por volumen
      </h2>
      <DataTable
        columns={[
          'Cantidad',
          { title: 'Descuento', align: 'right', className: 'hidden sm:table-cell' },
          { title: 'Precio unitario', align: 'right' },
        ]}
      >
        {tiers.map((tier) => (
          <TableRow
            key={tier.minQuantity}
            data-state={tier === reached ? 'selected' : undefined}
            aria-current={tier === reached ? 'true' : undefined}
          >
            <TableCell className="whitespace-nowrap">
              Desde {tier.minQuantity} unidades
              {/* On a phone the percentage rides under the quantity, not in a column. */}
              <span className="text-muted-foreground block text-xs sm:hidden">
                {formatPercentOff(tier.percentOff)} menos
              </span>
            </TableCell>
            <TableCell className="hidden text-right sm:table-cell">
              {formatPercentOff(tier.percentOff)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <PriceWithTax amount={tier.unitPrice} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </section>
  );
}
