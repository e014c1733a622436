import type { ReactNode } from 'react';
import { DeliverySummary } from './delivery-summary';
import type { OrderDetail } from './order-types';

/**
 * The customer and the shipping address lines, or 'Sin dirección'
 * (docs/decisions/019-optional-shipping-address.md). The account's e-mail is where the store
 * writes; an address typed at checkout is shown apart, as the contact e-mail it is. `extra`
 * goes under the customer's details.
 */
export function OrderCustomer({ order, extra }: { order: OrderDetail; extra?: ReactNode }) {
  const { address } = order;
  const isOtherContact = order.contactEmail !== order.customerEmail;
  return (
    <section aria-label="Cliente y envío" className="grid gap-6 text-sm sm:grid-cols-2">
      <div>
        <h3 className="mb-1 font-semibold">Cliente</h3>
        <p>{order.customerName}</p>
        {order.companyName && <p>{order.companyName}</p>}
        {order.rut && <p className="text-muted-foreground">RUT {order.rut}</p>}
        <p className="text-muted-foreground break-all">{order.customerEmail}</p>
        {isOtherContact && (
          <p className="text-muted-foreground break-all">
            Correo de contacto: {order.contactEmail}
          </p>
        )}
        {order.contactPhone && <p className="text-muted-foreground">{order.contactPhone}</p>}
        {order.purchaseOrder && (
          <p className="mt-1">
            <span className="font-medium">Orden de compra (OC):</span> {order.purchaseOrder}
          </p>
        )}
        {extra}
      </div>
      {/* The delivery chosen with the request supersedes the free address of older orders. */}
      {order.delivery ? (
        <DeliverySummary delivery={order.delivery} />
      ) : (
        <div>
          <h3 className="mb-1 font-semibold">Dirección de envío</h3>
          {address ? (
            <address className="not-italic">
              <p>{address.addressLine1}</p>
              {address.addressLine2 && <p>{address.addressLine2}</p>}
              <p>
                {address.city}, {address.state}
                {address.postalCode ? ` (${address.postalCode})` : ''}
              </p>
              <p>{address.country}</p>
            </address>
          ) : (
            <p className="text-muted-foreground">Sin dirección</p>
          )}
        </div>
      )}
      {order.message && (
        <div className="sm:col-span-2">
          <h3 className="mb-1 font-semibold">Mensaje</h3>
          <p className="text-muted-foreground whitespace-pre-line">{order.message}</p>
        </div>
      )}
    </section>
  );
}
