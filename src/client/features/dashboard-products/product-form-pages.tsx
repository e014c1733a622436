import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PackageX } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { slugify } from '@shared/slug';
import { FormHeader } from './form-header';
import { readProductDraft } from './product-draft';
import { ProductForm } from './product-form';
import { emptyProductValues, productToFormValues } from './product-form-values';

export function NewProductPage() {
  // Read once: the draft is the starting point, later edits are written back to it.
  const [start] = useState(() => {
    const draft = readProductDraft();
    const values = { ...emptyProductValues(), ...draft };
    return { values, isSlugFollowingName: values.slug === slugify(values.name) };
  });
  return (
    <div className="mx-auto max-w-6xl">
      <FormHeader title="Agregar Producto" />
      <ProductForm initialValues={start.values} isSlugFollowingName={start.isSlugFollowingName} />
    </div>
  );
}

export function EditProductPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const product = useQuery(trpc.admin.products.get.queryOptions({ slug }));
  return (
    <QueryState
      query={product}
      pending={<FullPageSpinner />}
      error={
        <div className="mx-auto max-w-6xl">
          <FormHeader title="Editar Producto" />
          <EmptyState
            icon={PackageX}
            title={messages.productNotFound}
            description={messages.productMissingHint}
            action={
              <Button asChild variant="outline">
                <Link to="/dashboard/productos">Volver a productos</Link>
              </Button>
            }
          />
        </div>
      }
    >
      {(data) => (
        <div className="mx-auto max-w-6xl">
          <FormHeader title="Editar Producto" />
          <ProductForm
            key={`${data.id}-${data.slug}`}
            productId={data.id}
            initialValues={productToFormValues(data)}
            isSlugFollowingName={false}
          />
        </div>
      )}
    </QueryState>
  );
}
