import type { DeviceArt } from './devices';
import { computingProducts } from './products-computing';
import { officeProducts } from './products-office';
import { peripheralProducts } from './products-peripherals';

export const BRANDS = [
  'Lenovo',
  'HP',
  'Dell',
  'Samsung',
  'Apple',
  'TP-Link',
  'Logitech',
  'Epson',
] as const;
export type BrandName = (typeof BRANDS)[number];

export const CATEGORIES = [
  'Notebooks',
  'Celulares',
  'Monitores',
  'Impresoras',
  'Redes',
  'Accesorios',
] as const;
export type CategoryName = (typeof CATEGORIES)[number];

/** [color hex, color name, storage/processor, USD price with 2 decimals, stock]. */
export type VariantSeed = [
  color: string,
  colorName: string,
  storage: string,
  price: string,
  stock: number,
];

export type ProductSeed = {
  name: string;
  brand: BrandName;
  category: CategoryName;
  art: DeviceArt;
  /** 2 to 4 photos are drawn. */
  photos: 2 | 3 | 4;
  features: string[];
  heading: string;
  intro: string[];
  highlights: string[];
  variants: VariantSeed[];
};

const CLOSING: Record<CategoryName, string> = {
  Notebooks:
    'Precios en dólares estadounidenses. Consultá por configuraciones a medida y entregas por volumen en todo Uruguay.',
  Celulares:
    'Equipos liberados con garantía oficial. Solicitá tu cotización para flotas corporativas.',
  Monitores:
    'Precios en dólares estadounidenses. Armamos kits de puesto de trabajo con notebook, monitor y periféricos.',
  Impresoras:
    'Incluye instalación remota. Consultá por insumos originales y contratos de mantenimiento.',
  Redes:
    'Nuestro equipo técnico puede relevar tu oficina y proponerte una solución de red completa.',
  Accesorios: 'Descuentos por cantidad para equipar oficinas completas. Consultá disponibilidad.',
};

export const closingFor = (category: CategoryName) => CLOSING[category];

/**
 * Every demo product, interleaved across categories so that ordering by creation date
 * ("lo más nuevo") shows a mix instead of one category at a time.
 */
export function allProducts(): ProductSeed[] {
  const byCategory = CATEGORIES.map((category) =>
    [...computingProducts, ...officeProducts, ...peripheralProducts].filter(
      (p) => p.category === category,
    ),
  );
  const result: ProductSeed[] = [];
  const longest = Math.max(...byCategory.map((list) => list.length));
  for (let i = 0; i < longest; i++) {
    for (const list of byCategory) {
      const product = list[i];
      if (product) result.push(product);
    }
  }
  return result;
}
