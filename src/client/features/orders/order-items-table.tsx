import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@client/components/ui/table';
import { formatMoney, TAX_NOTE } from '@shared/format';
import type { OrderLine } from './order-types';
import { ProductThumb } from '@client/components/product-thumb';
import { PriceWithTax } from '@client/components/ui/price';

/** Product, quantity and line total, then subtotal, free Standard shipping and the total. */
export function OrderItemsTable({ items, total }: { items: OrderLine[]; total: string }) {
  return (
    <div className="space-y-4">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Producto</TableHead>
            <TableHead className="hidden text-center sm:table-cell">Cantidad</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
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
        </TableBody>
      </Table>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="text-right">{formatMoney(total)}</dd>
        <dt className="text-muted-foreground">Envío (Standard)</dt>
        <dd className="text-right">{formatMoney(0)}</dd>
        <dt className="border-border border-t pt-2 font-semibold">Total</dt>
        <dd className="border-border border-t pt-2 text-right font-semibold whitespace-nowrap">
          <PriceWithTax amount={total} />
        </dd>
      </dl>
    </div>
  );
}
