import { useMutation } from '@tanstack/react-query';
import { ImageOff, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FilePickerButton } from '@client/components/ui/file-picker-button';
import { FieldError } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { postAdminForm } from '@client/lib/admin-form';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { IMAGE_FILE_ACCEPT, imageFileProblem, smallImageUrl } from '@shared/images';
import { messages } from '@shared/client-messages';
import {
  STORE_LOGO_FIELD,
  STORE_LOGO_URL,
  type StoreLogoSaved,
} from '@shared/schemas/store-profile';

const isLogoSaved = (body: Record<string, unknown>): body is StoreLogoSaved =>
  typeof body.logoUrl === 'string' && body.logoUrl !== '';

/**
 * The store's logo, printed on every quote PDF: upload, replace or remove it. The server checks
 * and re-encodes it as it does every image.
 */
export function StoreLogoField({
  logoUrl,
  onChanged,
}: {
  logoUrl: string | null;
  onChanged: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [error, setError] = useState<string>();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(STORE_LOGO_FIELD, file);
      return postAdminForm(STORE_LOGO_URL, form, isLogoSaved);
    },
    onSuccess: async () => {
      setError(undefined);
      notify.success(messages.storeLogoSaved);
      await onChanged();
    },
    onError: (failure) => setError(failure.message),
  });
  const remove = useMutation(
    trpc.admin.store.removeLogo.mutationOptions({
      onSuccess: async () => {
        setError(undefined);
        notify.success(messages.storeLogoRemoved);
        await onChanged();
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  const isBusy = upload.isPending || remove.isPending;
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) setError(problem);
    else upload.mutate(file);
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">Logo</span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="border-border bg-muted flex h-16 w-40 shrink-0 items-center justify-center overflow-hidden rounded-md border p-2">
          {logoUrl ? (
            <img
              src={smallImageUrl(logoUrl)}
              alt="Logo de la empresa"
              height={48}
              className="h-12 w-full object-contain"
            />
          ) : (
            <span className="text-muted-foreground flex items-center gap-1 text-xs">
              <ImageOff className="size-3.5" aria-hidden="true" /> Sin logo
            </span>
          )}
        </div>
        <FilePickerButton
          id="store-logo"
          accept={IMAGE_FILE_ACCEPT}
          onPick={choose}
          disabled={isBusy}
          invalid={Boolean(error)}
          describedBy={error ? 'store-logo-error' : undefined}
          size="sm"
          label={logoUrl ? 'Cambiar logo de la empresa' : 'Subir logo de la empresa'}
        >
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Subiendo...' : logoUrl ? 'Cambiar logo' : 'Subir logo'}
        </FilePickerButton>
        {logoUrl ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            aria-label="Quitar logo de la empresa"
            onClick={() => remove.mutate()}
          >
            <X aria-hidden="true" /> Quitar
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground text-sm">
        Se imprime en el PDF de cada cotización. PNG, JPG o WebP.
      </p>
      <FieldError id="store-logo-error" message={error} />
    </div>
  );
}
