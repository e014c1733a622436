import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { formatMoney, TAX_NOTE } from '@shared/format';
import { formatCents, parseCents } from '@shared/money';
import type { OrderLine } from './order-types';
import { ProductThumb } from '@client/components/product-thumb';
import { PriceWithTax } from '@client/components/ui/price';
import { Badge } from '@client/components/ui/badge';
import { BACKORDER_LABEL } from '@shared/pricing';

/** Product, quantity and line total, then subtotal, free standard shipping and the total. */
export function OrderItemsTable({ items, total }: { items: OrderLine[]; total: string }) {
  return (
    <div className="space-y-4">
      <DataTable
        columns={[
          'Producto',
          { title: 'Cantidad', align: 'center', className: 'hidden sm:table-cell' },
          { title: 'Total', align: 'right' },
        ]}
      >
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              <div className="flex items-center gap-3">
                <ProductThumb src={item.productImage} alt={item.productName} size={48} />
                <div className="min-w-0">
                  <p className="font-medium">{item.productName}</p>
                  <p className="text-muted-foreground text-xs">
                    {item.storage} / {item.colorName} · {formatMoney(item.price)} {TAX_NOTE}
                  </p>
                  {item.appliedRule && item.listPrice && (
                    <p className="text-muted-foreground text-xs">
                      {item.appliedRule.label} · lista <s>{formatMoney(item.listPrice)}</s>
                    </p>
                  )}
                  {item.isBackorder && (
                    <Badge variant="soft-warning" className="mt-1">
                      {BACKORDER_LABEL}
                    </Badge>
                  )}
                  <p className="text-muted-foreground text-xs sm:hidden">
                    Cantidad: {item.quantity}
                  </p>
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">{item.quantity}</TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <PriceWithTax amount={item.lineTotal} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="text-right">{formatMoney(total)}</dd>
        <dt className="text-muted-foreground">Envío estándar</dt>
        <dd className="text-right">{formatMoney(0)}</dd>
        <dt className="border-border border-t pt-2 font-semibold">Total</dt>
        <dd className="border-border border-t pt-2 text-right font-semibold whitespace-nowrap">
          <PriceWithTax amount={total} />
        </dd>
      </dl>
    </div>
  );
}

/**
 * The request's lines once staff answered with a revision: folded and labelled, so the
 * request-time prices never read as the current ones (the revision below holds those).
 */
export function OriginalRequest({
  items,
  quoteNumber,
}: {
  items: OrderLine[];
  quoteNumber: string;
}) {
  const total = formatCents(items.reduce((sum, item) => sum + parseCents(item.lineTotal), 0n));
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <details className="group border-border rounded-md border">
      <summary className="hover:bg-muted/50 flex cursor-pointer flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md px-4 py-3 text-sm">
        <span className="font-medium">Pedido original</span>
        <span className="text-muted-foreground">
          {units} {units === 1 ? 'unidad' : 'unidades'} · {formatMoney(total)} {TAX_NOTE}
        </span>
      </summary>
      <div className="border-border space-y-4 border-t p-4">
        <p className="text-muted-foreground text-sm">
          {/* Never 'vigentes': the quote that replaced them may itself have expired. */}
          Precios del momento de la solicitud, reemplazados por los de la cotización N°{' '}
          {quoteNumber}.
        </p>
        <OrderItemsTable items={items} total={total} />
      </div>
    </details>
  );
}
