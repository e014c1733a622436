import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { ProductThumb } from '@client/components/product-thumb';
import { formatDate, formatMoney, TAX_NOTE } from '@shared/format';
import { messages } from '@shared/client-messages';
import type { OrderDetail } from '@client/features/orders/order-types';
import { OrderNotFound } from '@client/features/orders/order-not-found';
import { isNotFoundError } from '@client/lib/trpc';
import { useThankYouOrder } from './thank-you';
import { PriceWithTax } from '@client/components/ui/price';

export function ThankYouPage({ orderId }: { orderId: number }) {
  const query = useThankYouOrder(orderId);

  return (
    <QueryState
      query={query}
      pending={
        <div className="flex justify-center py-24">
          <Spinner size="lg" />
        </div>
      }
      error={
        isNotFoundError(query.error) ? (
          <div className="mx-auto max-w-xl px-4 py-16">
            <OrderNotFound action={<KeepShopping />} />
          </div>
        ) : (
          <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
            <CircleAlert className="text-destructive size-12" aria-hidden="true" />
            <p className="text-lg font-semibold">{messages.orderLoadFailed}</p>
            <KeepShopping />
          </div>
        )
      }
    >
      {(order) => <ThankYou order={order} />}
    </QueryState>
  );
}

const KeepShopping = () => (
  <Button asChild variant="outline">
    <Link to="/tienda">Seguir comprando</Link>
  </Button>
);

function ThankYou({ order }: { order: OrderDetail }) {
  const firstName = order.customerName.trim().split(/\s+/)[0];
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <div className="space-y-8 p-6 sm:p-10">
          <div className="flex flex-col items-center gap-3 text-center">
            <CircleCheck className="text-success size-14" aria-hidden="true" />
            <h1 className="text-2xl font-bold sm:text-3xl">
              {firstName ? `¡Gracias, ${firstName}!` : '¡Gracias!'}
            </h1>
            <p className="text-muted-foreground">
              Recibimos tu solicitud de cotización <strong>#{order.id}</strong> del{' '}
              {formatDate(order.createdAt)}.
            </p>
          </div>

          <ul className="divide-border border-border divide-y border-y" aria-label="Productos">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-4 py-4">
                <ProductThumb src={item.productImage} alt={item.productName} size={64} />
                <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <p className="font-medium">{item.productName}</p>
                    <p className="text-muted-foreground text-sm">
                      {item.storage} / {item.colorName}
                    </p>
                  </div>
                  <p className="text-sm whitespace-nowrap">
                    {formatMoney(item.price)} x {item.quantity}{' '}
                    <span className="text-muted-foreground text-xs">{TAX_NOTE}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>

          <div className="flex items-baseline justify-between text-lg font-semibold">
            <span>Total</span>
            <span>
              <PriceWithTax amount={order.totalAmount} />
            </span>
          </div>

          <p className="text-muted-foreground bg-muted rounded-md p-4 text-sm">
            Un agente revisará disponibilidad y condiciones y se comunicará con vos a{' '}
            <strong className="text-foreground break-all">{order.contactEmail}</strong> a la
            brevedad. Podés seguir el estado del pedido en tu cuenta. ¿Tenés dudas?{' '}
            <Link to="/nosotros" className="text-primary hover:underline">
              Escribinos
            </Link>
            .
          </p>

          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/tienda">Seguir comprando</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/account/pedidos/$id" params={{ id: String(order.id) }}>
                Ver mi pedido
              </Link>
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
