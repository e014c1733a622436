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
  // Holds only the field's message: the file goes straight from the picker to the upload. A
  // refusal, a failed server and a lost connection all end under the field, as the brand
  // logo's do (lib/refusals.ts).
  const form = useForm<Record<typeof STORE_LOGO_FIELD, string>>();
  const error = form.formState.errors[STORE_LOGO_FIELD]?.message;
  const refused = (failure: unknown) =>
    showRefusal(form, failure, { fields: [STORE_LOGO_FIELD], messageField: STORE_LOGO_FIELD });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(STORE_LOGO_FIELD, file);
      return postAdminForm(STORE_LOGO_URL, body, isLogoSaved);
    },
    onSuccess: async () => {
      form.clearErrors();
      notify.success(messages.storeLogoSaved);
      await onChanged();
    },
    onError: refused,
  });
  const remove = useMutation(
    trpc.admin.store.removeLogo.mutationOptions({
      onSuccess: async () => {
        form.clearErrors();
        notify.success(messages.storeLogoRemoved);
        await onChanged();
      },
      onError: refused,
    }),
  );
  const isBusy = upload.isPending || remove.isPending;
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) form.setError(STORE_LOGO_FIELD, { message: problem });
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
