import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Download, PackageSearch, Plus, Search, Tags, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/input';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton } from '@client/components/ui/skeleton';
import { DataTable } from '@client/components/ui/table';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { type AdminProductRow, ProductCard, ProductRow } from './product-row';
import type { ProductsSearch } from '@shared/schemas/search-params';
import { SEARCH_DEBOUNCE_MS } from './products-search';
import { useDebouncedValue } from '@client/lib/use-debounced-value';

export function ProductsPage({ search }: { search: ProductsSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate({ from: '/dashboard/productos/' });
  const page = search.page ?? 1;
  const term = search.q ?? '';
  const [typed, setTyped] = useState(term);
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [toDelete, setToDelete] = useState<AdminProductRow | null>(null);

  // A new term starts again from page 1 (docs/product.md#dashboard-productos).
  useEffect(() => {
    if (debounced === term) return;
    void navigate({ search: { q: debounced || undefined, page: undefined }, replace: true });
  }, [debounced, term, navigate]);

  const list = useQuery({
    ...trpc.admin.products.list.queryOptions({ page, search: term }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.admin.products.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.productDeleted);
        setToDelete(null);
        await queryClient.invalidateQueries();
      },
      onError: () => notify.error(messages.productDeleteFailed),
    }),
  );

  const total = list.data?.total ?? 0;
  const goToPage = (next: number) =>
    void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Productos</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/api/admin/catalog.csv" download>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/productos/importar">
              <Upload aria-hidden="true" /> Importar CSV
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/taxonomias">
              <Tags aria-hidden="true" /> Categorías y Marcas
            </Link>
          </Button>
          <Button asChild>
            <Link to="/dashboard/productos/new">
              <Plus aria-hidden="true" /> Agregar Producto
            </Link>
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <div className="relative max-w-xl">
          <Search
            aria-hidden="true"
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          />
          <Input
            type="search"
            aria-label="Buscar productos"
            placeholder="Buscar por nombre, dirección web, marca o categoría"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="pl-9"
          />
        </div>
        {term && list.data ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {messages.productsFound(total, term)}
          </p>
        ) : null}
      </div>

      <Card className="overflow-hidden">
        <QueryState
          query={list}
          pending={
            <div className="flex flex-col gap-3 p-4" aria-label={messages.loading}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          }
          error={
            <EmptyState
              className="m-4"
              title={messages.productsLoadFailed}
              action={
                <Button variant="outline" onClick={() => void list.refetch()}>
                  {messages.retry}
                </Button>
              }
            />
          }
        >
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState className="m-4" icon={PackageSearch} title={messages.noProducts} />
            ) : (
              <>
                <ul
                  aria-label="Productos"
                  aria-busy={list.isPlaceholderData || undefined}
                  className="divide-border divide-y md:hidden"
                >
                  {items.map((product) => (
                    <ProductCard key={product.id} product={product} onDelete={setToDelete} />
                  ))}
                </ul>
                <div className="hidden md:block">
                  <DataTable
                    aria-busy={list.isPlaceholderData || undefined}
                    columns={[
                      'Imagen',
                      'Nombre',
                      'Variante',
                      'Precio',
                      'Stock',
                      'Creado',
                      { title: 'Acciones', align: 'right', srOnly: true },
                    ]}
                  >
                    {items.map((product) => (
                      <ProductRow key={product.id} product={product} onDelete={setToDelete} />
                    ))}
                  </DataTable>
                </div>
              </>
            )
          }
        </QueryState>
      </Card>

      {total > 0 ? (
        <Pagination page={page} pageCount={list.data?.pageCount ?? 1} onPage={goToPage} />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="¿Eliminar este producto?"
        description={
          toDelete
            ? `Se eliminarán "${toDelete.name}", sus variantes y sus imágenes. Los pedidos anteriores se conservan.`
            : undefined
        }
        isPending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </div>
  );
}
