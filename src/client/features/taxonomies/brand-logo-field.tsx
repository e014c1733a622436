import { useMutation } from '@tanstack/react-query';
import { ImageOff, Upload, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FilePickerButton } from '@client/components/ui/file-picker-button';
import { FieldError } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { postAdminForm } from '@client/lib/admin-form';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { IMAGE_FILE_ACCEPT, imageFileProblem, smallImageUrl } from '@shared/images';
import { messages } from '@shared/client-messages';
import { BRAND_LOGO_FIELD, type BrandLogoSaved, brandLogoUrl } from '@shared/schemas/taxonomy';

const isLogoSaved = (body: Record<string, unknown>): body is BrandLogoSaved =>
  typeof body.logoUrl === 'string' && body.logoUrl !== '';

function uploadLogo(brandId: number, file: File) {
  const form = new FormData();
  form.append(BRAND_LOGO_FIELD, file);
  return postAdminForm(brandLogoUrl(brandId), form, isLogoSaved);
}

/**
 * A brand's optional logo: upload, replace or remove it. The server checks and re-encodes
 * the file as it does product images; the shop shows the name where there is no logo.
 */
export function BrandLogoField({
  brand,
  onChanged,
}: {
  brand: { id: number; name: string; logoUrl: string | null };
  onChanged: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  // Holds only the field's message: the file goes straight from the picker to the upload.
  const form = useForm<Record<typeof BRAND_LOGO_FIELD, string>>();
  const error = form.formState.errors[BRAND_LOGO_FIELD]?.message;
  const refused = (failure: unknown) =>
    showRefusal(form, failure, { fields: [BRAND_LOGO_FIELD], messageField: BRAND_LOGO_FIELD });
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(brand.id, file),
    onSuccess: async () => {
      form.clearErrors();
      notify.success(messages.brandLogoSaved);
      await onChanged();
    },
    onError: refused,
  });
  const remove = useMutation(
    trpc.admin.taxonomies.removeLogo.mutationOptions({
      onSuccess: async () => {
        form.clearErrors();
        notify.success(messages.brandLogoRemoved);
        await onChanged();
      },
      onError: refused,
    }),
  );
  const isBusy = upload.isPending || remove.isPending;
  const inputId = `brand-${brand.id}-logo`;

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) form.setError(BRAND_LOGO_FIELD, { message: problem });
    else upload.mutate(file);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <div className="border-border bg-muted flex h-10 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border px-2 sm:w-28">
          {brand.logoUrl ? (
            <img
              src={smallImageUrl(brand.logoUrl)}
              alt={`Logo de ${brand.name}`}
              height={32}
              loading="lazy"
              className="h-8 w-full object-contain"
            />
          ) : (
            <span className="text-muted-foreground flex items-center gap-1 text-xs whitespace-nowrap">
              <ImageOff className="size-3.5" aria-hidden="true" /> Sin logo
            </span>
          )}
        </div>
        <FilePickerButton
          id={inputId}
          accept={IMAGE_FILE_ACCEPT}
          onPick={choose}
          disabled={isBusy}
          invalid={Boolean(error)}
          describedBy={error ? `${inputId}-error` : undefined}
          size="sm"
          label={`${brand.logoUrl ? 'Cambiar' : 'Subir'} logo de ${brand.name}`}
        >
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Subiendo...' : brand.logoUrl ? 'Cambiar logo' : 'Subir logo'}
        </FilePickerButton>
        {brand.logoUrl ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            aria-label={`Quitar logo de ${brand.name}`}
            onClick={() => remove.mutate({ id: brand.id })}
          >
            {/* A cross, not the bin that deletes the brand itself. */}
            <X aria-hidden="true" />
            {/* On phones the icon alone keeps the row on one line; the label names it. */}
            <span className="max-sm:sr-only">Quitar</span>
          </Button>
        ) : null}
      </div>
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}
