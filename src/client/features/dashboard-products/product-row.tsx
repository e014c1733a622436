import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '@server/trpc/router';
import { IconButton } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { NativeSelect } from '@client/components/ui/native-select';
import { TableCell, TableRow } from '@client/components/ui/table';
import { formatDate, formatMoney } from '@shared/format';
import { ProductThumb } from '@client/components/product-thumb';

export type AdminProductRow =
  inferRouterOutputs<AppRouter>['admin']['products']['list']['items'][number];

/** The variant picked in a row: it drives the price and stock shown beside it. */
function useSelectedVariant(product: AdminProductRow) {
  const [variantId, setVariantId] = useState(product.variants[0]?.id);
  const variant =
    product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  return { variant, setVariantId };
}

const editPage = (product: AdminProductRow) =>
  ({ to: '/dashboard/productos/editar/$slug', params: { slug: product.slug } }) as const;

type RowProps = { product: AdminProductRow; onDelete: (product: AdminProductRow) => void };

/** A table row from the md breakpoint up. */
export function ProductRow({ product, onDelete }: RowProps) {
  const { variant, setVariantId } = useSelectedVariant(product);
  return (
    <TableRow>
      <TableCell className="w-16">
        <ProductThumb size={48} alt="" src={product.image} />
      </TableCell>
      <TableCell className="max-w-64 min-w-40">
        <ProductTitle product={product} />
      </TableCell>
      <TableCell className="min-w-48">
        <VariantSelect product={product} variantId={variant?.id} onChange={setVariantId} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {variant ? formatMoney(variant.price) : '—'}
      </TableCell>
      <TableCell className="tabular-nums">
        <StockValue stock={variant?.stock} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(product.createdAt)}</TableCell>
      <TableCell className="text-right">
        <ProductActions product={product} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

/** The same facts as a stacked card on phones, where seven columns cannot fit. */
export function ProductCard({ product, onDelete }: RowProps) {
  const { variant, setVariantId } = useSelectedVariant(product);
  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <ProductThumb size={48} alt="" src={product.image} />
        <div className="min-w-0 flex-1">
          <ProductTitle product={product} />
          <p className="text-muted-foreground mt-0.5 text-xs">
            Creado el {formatDate(product.createdAt)}
          </p>
        </div>
        <ProductActions product={product} onDelete={onDelete} />
      </div>
      <VariantSelect product={product} variantId={variant?.id} onChange={setVariantId} />
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-muted-foreground text-xs">Precio</dt>
          <dd className="font-medium tabular-nums">{variant ? formatMoney(variant.price) : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Stock</dt>
          <dd className="font-medium tabular-nums">
            <StockValue stock={variant?.stock} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function ProductTitle({ product }: { product: AdminProductRow }) {
  return (
    <>
      <Link {...editPage(product)} className="font-medium break-words hover:underline">
        {product.name}
      </Link>
      <p className="text-muted-foreground text-xs">
        {product.brandName} · {product.categoryName}
      </p>
    </>
  );
}

function VariantSelect({
  product,
  variantId,
  onChange,
}: {
  product: AdminProductRow;
  variantId: number | undefined;
  onChange: (id: number) => void;
}) {
  if (product.variants.length === 0) {
    return <span className="text-muted-foreground text-sm">Sin variantes</span>;
  }
  return (
    <NativeSelect
      aria-label={`Variante de ${product.name}`}
      value={variantId}
      onChange={(event) => onChange(Number(event.target.value))}
      className="[&_select]:h-9"
    >
      {product.variants.map((option) => (
        <option key={option.id} value={option.id}>
          {option.colorName} - {option.storage}
        </option>
      ))}
    </NativeSelect>
  );
}

function StockValue({ stock }: { stock: number | undefined }) {
  if (stock === undefined) return <>—</>;
  return <span className={stock === 0 ? 'text-destructive font-medium' : undefined}>{stock}</span>;
}

function ProductActions({ product, onDelete }: RowProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton label={`Acciones de ${product.name}`} icon={MoreHorizontal} variant="ghost" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link {...editPage(product)}>
            <Pencil aria-hidden="true" /> Editar
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(product)}>
          <Trash2 aria-hidden="true" /> Eliminar
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
