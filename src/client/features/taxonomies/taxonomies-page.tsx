import { TaxonomyList } from './taxonomy-list';

/**
 * Brands and categories side by side: add, rename, delete while unused
 * (docs/decisions/023-taxonomies-rename-and-delete.md).
 */
export function TaxonomiesPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Taxonomías</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Marcas y categorías con las que se organizan los productos de la tienda.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TaxonomyList kind="brand" />
        <TaxonomyList kind="category" />
      </div>
    </div>
  );
}
