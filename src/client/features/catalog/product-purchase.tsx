import { Link, useNavigate } from '@tanstack/react-router';
import { Truck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { QuantityInput } from '@client/components/ui/quantity-input';
import { notify } from '@client/lib/notify';
import { addBackorder, addWithinStock } from '@client/stores/cart';
import { useMyPrices } from '@client/lib/use-my-prices';
import { YourPrice } from '@client/components/your-price';
import { messages } from '@shared/client-messages';
import { BACKORDER_LABEL } from '@shared/pricing';
import { ColourSwatches } from './colour-swatches';
import type { ProductDetailData } from './types';
import { useVariantSelection } from './use-variant-selection';
import { cartItemFor } from './variants';
import { VolumePrices } from './volume-prices';

/** Name, price, features and the buy controls of the product page. */
export function ProductPurchase({ product }: { product: ProductDetailData }) {
  const selection = useVariantSelection(product.variants);
  const { variant, quantity } = selection;
  const navigate = useNavigate();
  const storageId = useId();
  const colourName = selection.colours.find((c) => c.color === selection.color)?.colorName;
  const detail = product.variants.find((candidate) => candidate.id === variant?.id);
  // The buyer's own price of this variant and quantity, after hydration (signed in only).
  const [mine] =
    useMyPrices(variant ? [{ variantId: variant.id, quantity }] : [])?.filter(
      (line) => line.variantId === variant?.id,
    ) ?? [];

  /** Adds the selection; nothing happens without a variant. */
  function add(): boolean {
    if (!variant) return false;
    // Counts what the cart already holds: the stock bounds the cart, not each click.
    const refusal = addWithinStock(
      cartItemFor({ ...product, image: product.images[0] ?? null }, variant, quantity),
      variant.stock,
    );
    if (refusal) notify.error(refusal);
    return refusal === null;
  }

  /** 'Consultar disponibilidad': the line joins the quote without stock. */
  function askAvailability() {
    if (!variant) return;
    addBackorder(cartItemFor({ ...product, image: product.images[0] ?? null }, variant, quantity));
    notify.success(messages.productAdded);
  }

  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-muted-foreground text-sm">
          {product.brandName} · {product.categoryName}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
        {detail && (
          <p className="text-muted-foreground mt-1 text-xs">
            SKU: <span className="text-foreground font-mono">{detail.sku}</span>
            {detail.mpn && (
              <>
                {' · '}MPN: <span className="text-foreground font-mono">{detail.mpn}</span>
              </>
            )}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-3xl font-bold">
          <YourPrice
            listPrice={variant?.price ?? product.minPrice}
            unitPrice={mine?.unitPrice}
            ruleLabel={mine?.rule?.label}
            size="lg"
          />
        </p>
        {selection.isSoldOut && <Badge variant="destructive">agotado</Badge>}
      </div>

      {product.features.length > 0 && (
        <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}

      {selection.colours.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Color: <span className="text-muted-foreground font-normal">{colourName}</span>
          </p>
          <ColourSwatches
            label="Color"
            options={selection.colours}
            selected={selection.color}
            onSelect={selection.setColor}
          />
        </div>
      )}

      {selection.storages.length > 0 && (
        <div className="flex max-w-sm flex-col gap-2">
          <Label htmlFor={storageId}>Almacenamiento / Procesador</Label>
          <NativeSelect
            id={storageId}
            value={selection.storage ?? ''}
            onChange={(event) => selection.setStorage(event.target.value)}
          >
            {selection.storages.map((storage) => (
              <option key={storage} value={storage}>
                {storage}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}

      {selection.isSoldOut ? (
        <div className="flex flex-col gap-3">
          <QuantityInput value={quantity} onChange={selection.setQuantity} />
          <Button
            size="lg"
            variant="outline"
            className="w-full sm:max-w-sm"
            onClick={askAvailability}
          >
            Consultar disponibilidad
          </Button>
          <p className="text-muted-foreground text-sm">
            {BACKORDER_LABEL}. Lo sumamos a tu cotización sin reservar stock y te confirmamos precio
            y fecha de entrega.
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <QuantityInput
            value={quantity}
            stock={variant?.stock}
            hint={variant && `${variant.stock} en stock`}
            onChange={selection.setQuantity}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              className="sm:flex-1"
              onClick={() => {
                if (add()) notify.success(messages.productAdded);
              }}
            >
              Agregar al carro
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="sm:flex-1"
              onClick={() => {
                if (add()) void navigate({ to: '/checkout' });
              }}
            >
              Pedir cotización
            </Button>
          </div>
        </div>
      )}

      {detail && <VolumePrices tiers={detail.tiers} quantity={quantity} />}

      <div className="border-border flex flex-col gap-2 border-t pt-4 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Truck className="text-primary size-4" aria-hidden="true" />
          Envío gratis
        </p>
        <p className="text-muted-foreground">
          ¿Necesitás ayuda?{' '}
          <Link
            to="/nosotros"
            className="text-primary font-medium underline-offset-4 hover:underline"
          >
            Contactanos
          </Link>
        </p>
      </div>
    </div>
  );
}
