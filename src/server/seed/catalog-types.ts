// The demo catalogue's vocabulary: its brands, categories and the shape of a product to seed.
import type { DeviceArt } from './devices';

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
