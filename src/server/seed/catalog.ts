import { CATEGORIES, type CategoryName, type ProductSeed } from './catalog-types';
import { computingProducts } from './products-computing';
import { officeProducts } from './products-office';
import { peripheralProducts } from './products-peripherals';

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
