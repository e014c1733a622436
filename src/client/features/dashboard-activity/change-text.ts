// How an activity entry's before/after values read in Spanish.
import { formatMoney } from '@shared/format';
import { formatPercentOff } from '@shared/pricing';

const FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  slug: 'Slug',
  brand: 'Marca',
  category: 'Categoría',
  features: 'Características',
  images: 'Imágenes',
  description: 'Descripción',
  status: 'Estado',
  title: 'Título',
  content: 'Contenido',
  coverImageUrl: 'Portada',
  logoUrl: 'Logo',
  created: 'Creados',
  updated: 'Actualizados',
  unchanged: 'Sin cambios',
  brandsCreated: 'Marcas nuevas',
  categoriesCreated: 'Categorías nuevas',
  // An import that changed more prices than its entry lists (decision 069).
  pricesChanged: 'Precios cambiados',
  pricesNotListed: 'Precios no detallados',
  revision: 'Revisión',
  total: 'Total (IVA incl.)',
  maxHeldUnits: 'Tope de unidades reservadas',
  administrator: 'Administrador',
  reason: 'Motivo',
  legalName: 'Razón social',
  rut: 'RUT',
  address: 'Dirección',
  phone: 'Teléfono',
  email: 'Correo',
  paymentTerms: 'Forma de pago',
  deliveryTerms: 'Plazo de entrega',
  warranty: 'Garantía',
  validityDays: 'Validez (días)',
  paymentTermsDays: 'Días de crédito',
  paymentTermsFrom: 'Plazo contado',
  creditLimit: 'Límite de crédito',
  credit: 'Crédito',
  amount: 'Importe (US$)',
  pesos: 'Importe en pesos',
  method: 'Forma de pago',
  orders: 'Pedidos',
  rate: 'Cotización',
};

const STATUS_LABELS: Record<string, string> = { published: 'Publicado', draft: 'Borrador' };

const TIER_KEY = /^tier:(\d+):(.*)$/;

export function fieldLabel(key: string): string {
  if (key.startsWith('variant:')) return `Variante ${key.slice('variant:'.length)}`;
  // A volume price: 'tier:10:' is the whole product's, 'tier:10:128 GB / Negro' a variant's.
  const tier = TIER_KEY.exec(key);
  if (tier) {
    const whose = tier[2] ? `variante ${tier[2]}` : 'todas las variantes';
    return `Precio por volumen desde ${tier[1]} unidades (${whose})`;
  }
  // An import's changed price: 'price:Notebook X (256 GB / Negro)'.
  if (key.startsWith('price:')) return `Precio de ${key.slice('price:'.length)}`;
  return FIELD_LABELS[key] ?? key;
}

const MAX_TEXT = 80;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

export function valueText(key: string, value: unknown): string {
  // A customer without a cap of their own has the store's.
  if (key === 'maxHeldUnits' && value === null) return 'El general';
  // A tier before it was added or after it was removed.
  if (TIER_KEY.test(key)) {
    return typeof value === 'string' ? `${formatPercentOff(value)} de descuento` : 'Sin descuento';
  }
  if (value === null || value === undefined) return '—';
  if (key === 'description') return '(texto con formato)';
  if (
    (key === 'total' || key === 'amount' || key === 'creditLimit' || key.startsWith('price:')) &&
    (typeof value === 'string' || typeof value === 'number')
  )
    return formatMoney(value);
  if (key.startsWith('variant:') && typeof value === 'object') {
    const variant = value as { price?: string; stock?: number };
    return `${formatMoney(variant.price ?? 0)} · stock ${variant.stock ?? 0}`;
  }
  if (Array.isArray(value)) return clip(value.map(String).join(' | ')) || '—';
  if (typeof value === 'string') return clip(STATUS_LABELS[value] ?? value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return clip(JSON.stringify(value));
}
