import type { TaxonomyKind } from '@shared/schemas/taxonomy';

/** The words each list uses, so one component serves brands and categories. */
export const TAXONOMY_COPY: Record<
  TaxonomyKind,
  {
    title: string;
    newLabel: string;
    placeholder: string;
    added: string;
    renamed: string;
    deleted: string;
    deleteTitle: (name: string) => string;
    empty: string;
  }
> = {
  brand: {
    title: 'Marcas',
    newLabel: 'Nueva marca',
    placeholder: 'Nombre de la marca',
    added: 'Marca agregada',
    renamed: 'Marca actualizada',
    deleted: 'Marca eliminada',
    deleteTitle: (name) => `¿Eliminar la marca "${name}"?`,
    empty: 'Todavía no hay marcas',
  },
  category: {
    title: 'Categorías',
    newLabel: 'Nueva categoría',
    placeholder: 'Nombre de la categoría',
    added: 'Categoría agregada',
    renamed: 'Categoría actualizada',
    deleted: 'Categoría eliminada',
    deleteTitle: (name) => `¿Eliminar la categoría "${name}"?`,
    empty: 'Todavía no hay categorías',
  },
};

export const productCountLabel = (count: number) =>
  count === 1 ? '1 producto' : `${count} productos`;
