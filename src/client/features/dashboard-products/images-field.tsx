import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button, IconButton } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { IMAGE_FILE_ACCEPT, imageSrcSet, MAX_IMAGE_BYTES, smallImageUrl } from '@shared/images';
import { MAX_PRODUCT_IMAGES, type ProductImageRef } from '@shared/schemas/product';
import type { PendingImage } from './save-product';
import { arrayErrorMessage, type ProductForm } from './product-form-values';

const newUploadKey = () =>
  `nueva-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;

/**
 * Current and new images in display order. New files stay in `pendingImages` (a File cannot
 * live in form values) under the upload key the form value refers to.
 */
export function ImagesField({
  form,
  pendingImages,
  onPendingChange,
  progress,
}: {
  form: ProductForm;
  pendingImages: ReadonlyMap<string, PendingImage>;
  onPendingChange: (next: Map<string, PendingImage>) => void;
  progress: number | null;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'images',
    keyName: 'fieldKey',
  });
  const error = arrayErrorMessage(form.formState.errors.images);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const next = new Map(pendingImages);
    const added: ProductImageRef[] = [];
    for (const file of Array.from(files)) {
      if (fields.length + added.length >= MAX_PRODUCT_IMAGES) {
        notify.error('Máximo 10 imágenes por producto');
        break;
      }
      // The server checks the bytes again; this only spares a useless upload.
      if (file.size > MAX_IMAGE_BYTES) {
        notify.error(`${file.name}: la imagen supera los 5 MB`);
        continue;
      }
      const key = newUploadKey();
      next.set(key, { file, previewUrl: URL.createObjectURL(file) });
      added.push({ upload: key });
    }
    onPendingChange(next);
    append(added);
    if (form.formState.isSubmitted) void form.trigger('images');
  };

  const removeAt = (index: number) => {
    const ref = form.getValues(`images.${index}`);
    if (ref && 'upload' in ref) {
      const next = new Map(pendingImages);
      const pending = next.get(ref.upload);
      if (pending) URL.revokeObjectURL(pending.previewUrl);
      next.delete(ref.upload);
      onPendingChange(next);
    }
    remove(index);
    if (form.formState.isSubmitted) void form.trigger('images');
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Imágenes</legend>
      {fields.length > 0 ? (
        <ol
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          aria-label="Imágenes del producto"
        >
          {fields.map((field, index) => {
            const ref = field as unknown as ProductImageRef;
            const pending = 'upload' in ref ? pendingImages.get(ref.upload) : undefined;
            const src = 'url' in ref ? smallImageUrl(ref.url) : pending?.previewUrl;
            const name = pending?.file.name ?? `Imagen ${index + 1}`;
            return (
              <li
                key={field.fieldKey}
                className="border-border bg-card flex flex-col overflow-hidden rounded-lg border"
              >
                <div className="bg-muted relative aspect-square">
                  {src ? (
                    <img
                      src={src}
                      srcSet={'url' in ref ? imageSrcSet(ref.url) : undefined}
                      sizes="200px"
                      alt={`Vista previa: ${name}`}
                      width={200}
                      height={200}
                      loading="lazy"
                      className="size-full object-contain"
                    />
                  ) : null}
                  {index === 0 ? (
                    <span className="bg-primary text-primary-foreground absolute top-1.5 left-1.5 rounded px-1.5 py-0.5 text-xs font-medium">
                      Principal
                    </span>
                  ) : null}
                  {pending ? (
                    <span className="absolute top-1.5 right-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                      Nueva
                    </span>
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <IconButton
                    label={`Mover ${name} a la izquierda`}
                    icon={ArrowLeft}
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="button"
                    variant="ghost-destructive"
                    size="icon-sm"
                    aria-label={`Quitar ${name}`}
                    onClick={() => removeAt(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                  <IconButton
                    label={`Mover ${name} a la derecha`}
                    icon={ArrowRight}
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={fields.length >= MAX_PRODUCT_IMAGES}
        >
          <ImagePlus aria-hidden="true" /> Subir imágenes
        </Button>
        <input
          ref={inputRef}
          id="product-images"
          type="file"
          accept={IMAGE_FILE_ACCEPT}
          multiple
          aria-label="Subir imágenes"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <p className="text-muted-foreground text-sm">
          JPEG, PNG, WebP, AVIF o GIF, hasta 5 MB cada una; máximo 10. La primera es la principal.
        </p>
      </div>
      {progress !== null ? (
        <div className="flex items-center gap-3">
          <progress
            value={Math.round(progress * 100)}
            max={100}
            aria-label="Progreso de la subida"
            className="accent-primary h-2 w-full max-w-xs"
          />
          <span className="text-muted-foreground text-sm tabular-nums">
            {Math.round(progress * 100)} %
          </span>
        </div>
      ) : null}
      <FieldError id="product-images-error" message={error} />
    </fieldset>
  );
}
