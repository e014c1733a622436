import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { FormRefusedError } from '@client/lib/admin-form';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { type ProductInput, productInputSchema } from '@shared/schemas/product';
import { slugify } from '@shared/slug';
import { FeaturesField } from './features-field';
import { ImagesField } from './images-field';
import { clearProductDraft, writeProductDraft } from './product-draft';
import { type ProductForm as ProductFormApi, type ProductFormValues } from './product-form-values';
import { type PendingImage, saveProductRequest } from './save-product';
import { IvaRateSelect, TaxonomySelect } from './taxonomy-select';
import { initialTierScope, TierScopeField } from './tier-scope-field';
import { VariantsField } from './variants-field';

const RichTextEditor = lazy(() => import('@client/components/rich-text-editor'));

/** The fields the form shows a message under; deeper paths go to the closest of them. */
const PRODUCT_FIELDS = [
  'name',
  'slug',
  'brandId',
  'categoryId',
  'ivaRate',
  'features',
  'features.*',
  'description',
  'variants',
  'variants.*.stock',
  'variants.*.price',
  'variants.*.storage',
  'variants.*.color',
  'variants.*.colorName',
  'images',
];

export type ProductFormProps = {
  /** Absent while creating. */
  productId?: number;
  initialValues: ProductFormValues;
  /** Whether the slug still follows the name (creating, and not edited by hand). */
  isSlugFollowingName: boolean;
};

export function ProductForm({ productId, initialValues, isSlugFollowingName }: ProductFormProps) {
  const isCreate = productId === undefined;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useQuery(trpc.admin.taxonomies.options.queryOptions());
  const form: ProductFormApi = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: initialValues,
  });
  const [pendingImages, setPendingImages] = useState(() => new Map<string, PendingImage>());
  const [progress, setProgress] = useState<number | null>(null);
  const [slugFollowsName, setSlugFollowsName] = useState(isSlugFollowingName);
  const [tierScope, setTierScope] = useState(() => initialTierScope(initialValues));
  const { errors } = form.formState;

  useDraft(form, isCreate);
  useRevokePreviews(pendingImages);

  const save = useMutation({
    mutationFn: (values: ProductInput) =>
      saveProductRequest({ productId, values, pendingImages, onProgress: setProgress }),
    onSuccess: async () => {
      if (isCreate) clearProductDraft();
      notify.success(isCreate ? messages.productCreated : messages.productUpdated);
      // The shop shows the same products: let every cached list refetch.
      await queryClient.invalidateQueries();
      await navigate({ to: '/dashboard/productos' });
    },
    onError: (error) => {
      setProgress(null);
      const failed = isCreate ? messages.productCreateFailed : messages.productUpdateFailed;
      // A stock that changed meanwhile is told as it is; the form keeps every edit.
      const isStale = error instanceof FormRefusedError && error.status === 409;
      showRefusal(form, error, {
        fields: PRODUCT_FIELDS,
        fallback: failed,
        toast: isStale || failed,
      });
    },
  });

  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugFollowsName) return;
      form.setValue('slug', slugify(event.target.value), {
        shouldValidate: form.formState.isSubmitted,
      });
    },
  });
  const slugField = form.register('slug', {
    onChange: () => {
      setSlugFollowsName(false);
    },
  });

  return (
    <form
      noValidate
      aria-busy={save.isPending || undefined}
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          setProgress(0);
          save.mutate(values);
        })(event)
      }
      className="flex flex-col gap-6"
    >
      <Card>
        <div className="grid gap-4 p-4 sm:p-6 md:grid-cols-2">
          <InputField
            label="Nombre"
            error={errors.name?.message}
            id="product-name"
            autoComplete="off"
            {...nameField}
          />
          <InputField
            label="Dirección web"
            error={errors.slug?.message}
            hint="Lo que va después de /producto/ en la dirección de su página"
            id="product-slug"
            autoComplete="off"
            {...slugField}
          />
          <TaxonomySelect form={form} name="brandId" options={options.data} />
          <TaxonomySelect form={form} name="categoryId" options={options.data} />
          <IvaRateSelect form={form} />
          <div className="md:col-span-2">
            <FeaturesField form={form} />
          </div>
        </div>
      </Card>

      <Card>
        <div className="p-4 sm:p-6">
          <VariantsField form={form} tierScope={tierScope} />
        </div>
      </Card>

      <Card>
        <div className="p-4 sm:p-6">
          <TierScopeField form={form} scope={tierScope} onScopeChange={setTierScope} />
        </div>
      </Card>

      <Card>
        <div className="p-4 sm:p-6">
          <ImagesField
            form={form}
            pendingImages={pendingImages}
            onPendingChange={setPendingImages}
            progress={save.isPending ? progress : null}
          />
        </div>
      </Card>

      <Card>
        <div className="flex flex-col gap-1.5 p-4 sm:p-6">
          <span id="product-description-label" className="text-sm font-medium">
            Descripción
          </span>
          <Controller
            control={form.control}
            name="description"
            render={({ field, fieldState }) => (
              <Suspense fallback={<Skeleton className="h-60 w-full" />}>
                <RichTextEditor
                  id="product-description"
                  label="Descripción"
                  value={field.value as never}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  isInvalid={Boolean(fieldState.error)}
                  describedBy={fieldState.error ? 'product-description-error' : undefined}
                />
              </Suspense>
            )}
          />
          {errors.description?.message ? (
            <p id="product-description-error" role="alert" className="text-destructive text-sm">
              {errors.description.message}
            </p>
          ) : null}
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={() => void navigate({ to: '/dashboard/productos' })}
        >
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" tone="current" label="Guardando" /> : null}
          {save.isPending ? 'Guardando...' : 'Guardar Producto'}
        </Button>
      </div>
    </form>
  );
}

/** Keeps the create form in localStorage while it is open; leaving it drops the draft. */
function useDraft(form: ProductFormApi, isEnabled: boolean) {
  useEffect(() => {
    if (!isEnabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch((values) => {
      clearTimeout(timer);
      timer = setTimeout(() => writeProductDraft(values as ProductFormValues), 300);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      clearProductDraft();
    };
  }, [form, isEnabled]);
}

/** Object URLs of previews live until the form goes away. */
function useRevokePreviews(pendingImages: ReadonlyMap<string, PendingImage>) {
  const latest = useRef(pendingImages);
  useEffect(() => {
    latest.current = pendingImages;
  }, [pendingImages]);
  useEffect(
    () => () => {
      for (const pending of latest.current.values()) URL.revokeObjectURL(pending.previewUrl);
    },
    [],
  );
}
