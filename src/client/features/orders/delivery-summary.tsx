import { type DeliveryChoice, deliveryMethodText, siteLines } from '@shared/delivery';

/**
 * The delivery an order asks for: the method ('Agencia al interior · DAC · Flete a cargo del
 * cliente') and the site it goes to (docs/decisions/081-address-book-and-delivery-choice.md).
 */
export function DeliverySummary({ delivery }: { delivery: DeliveryChoice }) {
  const lines = siteLines(delivery);
  return (
    <div>
      <h3 className="mb-1 font-semibold">Entrega</h3>
      <p>{deliveryMethodText(delivery)}</p>
      {lines.length > 0 && (
        <address className="text-muted-foreground not-italic">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </address>
      )}
    </div>
  );
}
