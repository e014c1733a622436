// How an order reaches the buyer (docs/decisions/081-address-book-and-delivery-choice.md):
// picked up at the store, the store's own courier in Montevideo, or an agency to the interior
// (DAC, UES … at Tres Cruces), possibly with the freight paid at destination.
import { formatUruguayanPhone, placeText } from './schemas/uy-address';

export const DELIVERY_METHODS = ['pickup', 'courier', 'agency'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Retiro en el local',
  courier: 'Envío en Montevideo',
  agency: 'Agencia al interior',
};

/** The bus-terminal agencies that carry parcels to the interior; 'Otra' names its own. */
export const AGENCIES = ['DAC', 'UES', 'Turil', 'Nossar', 'CITA', 'Otra'] as const;
export type Agency = (typeof AGENCIES)[number];
export const OTHER_AGENCY: Agency = 'Otra';

export const FREIGHT_COLLECT_LABEL = 'Flete a cargo del cliente';

/** A site as an order or a dispatch keeps it: a copy, so a later edit never rewrites it. */
export type SiteSnapshot = {
  siteName: string | null;
  street: string | null;
  locality: string | null;
  departamento: string | null;
  postalCode: string | null;
  phone: string | null;
  contactName: string | null;
  hours: string | null;
};

/** A delivery choice as stored (an order's, or a dispatch's). */
export type DeliveryChoice = SiteSnapshot & {
  method: string;
  agency: string | null;
  agencyName: string | null;
  freightCollect: boolean;
};

/** 'Agencia al interior · DAC · Flete a cargo del cliente'. */
export function deliveryMethodText(choice: {
  method: string;
  agency: string | null;
  agencyName: string | null;
  freightCollect: boolean;
}): string {
  const label = DELIVERY_METHOD_LABELS[choice.method as DeliveryMethod] ?? choice.method;
  if (choice.method !== 'agency') return label;
  const agency = choice.agency === OTHER_AGENCY ? choice.agencyName || OTHER_AGENCY : choice.agency;
  return [label, agency, choice.freightCollect ? FREIGHT_COLLECT_LABEL : null]
    .filter(Boolean)
    .join(' · ');
}

/** The site's lines as a label, the PDF and the mails print them; empty for a pickup. */
export function siteLines(site: SiteSnapshot): string[] {
  if (!site.street || !site.locality || !site.departamento) return [];
  const contact = [
    site.contactName,
    site.phone ? `Tel. ${formatUruguayanPhone(site.phone)}` : null,
  ].filter(Boolean);
  return [
    ...(site.siteName ? [site.siteName] : []),
    placeText({
      street: site.street,
      locality: site.locality,
      departamento: site.departamento,
      postalCode: site.postalCode,
    }),
    ...(contact.length > 0 ? [contact.join(' · ')] : []),
    ...(site.hours ? [`Horario: ${site.hours}`] : []),
  ];
}

/** The whole choice in plain lines: 'Entrega: …' then the site. */
export function deliveryText(choice: DeliveryChoice): string {
  return [`Entrega: ${deliveryMethodText(choice)}`, ...siteLines(choice)].join('\n');
}
