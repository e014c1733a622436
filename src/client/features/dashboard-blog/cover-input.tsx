import { useEffect, useRef, useState } from 'react';
import { ImagePlus, Upload, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { FilePickerButton } from '@client/components/ui/file-picker-button';
import { FieldError } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { StoredImage } from '@client/components/stored-image';
import { IMAGE_FILE_ACCEPT, imageFileProblem } from '@shared/images';

type CoverInputProps = {
  /** Cover stored on the server (edit form), shown until a new file is chosen. */
  currentUrl: string | null;
  file: File | null;
  /** The accepted file (or null) and, for a refused one, why. */
  onFileChange: (file: File | null, problem?: string) => void;
  error?: string;
  disabled?: boolean;
};

export function CoverInput({ currentUrl, file, onFileChange, error, disabled }: CoverInputProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = (next: File | null) => {
    const problem = next ? imageFileProblem(next) : null;
    const accepted = problem ? null : next;
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = accepted ? URL.createObjectURL(accepted) : null;
    setPreviewUrl(previewRef.current);
    onFileChange(accepted, problem ?? undefined);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="post-cover">Imagen de portada</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="border-border bg-muted flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border sm:w-64">
          {file && previewUrl ? (
            <img
              src={previewUrl}
              alt="Vista previa de la nueva portada"
              width={256}
              height={144}
              className="size-full object-cover"
            />
          ) : currentUrl ? (
            <StoredImage
              src={currentUrl}
              sizes="256px"
              alt="Portada actual"
              width={256}
              height={144}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus className="text-muted-foreground size-8" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <FilePickerButton
            id="post-cover"
            accept={IMAGE_FILE_ACCEPT}
            onPick={choose}
            disabled={disabled}
            invalid={Boolean(error)}
            describedBy="post-cover-hint"
            size="sm"
            className="self-start"
          >
            <Upload aria-hidden="true" />
            {file || currentUrl ? 'Cambiar imagen' : 'Elegir imagen'}
          </FilePickerButton>
          <p className="text-foreground text-sm break-all">
            {file
              ? file.name
              : currentUrl
                ? 'Se mantiene la portada actual.'
                : 'Ningún archivo elegido.'}
          </p>
          <p id="post-cover-hint" className="text-muted-foreground text-sm">
            JPEG, PNG, WebP, AVIF o GIF de hasta 5 MB. Opcional.
          </p>
          {file ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => choose(null)}
              disabled={disabled}
            >
              <X aria-hidden="true" />
              Quitar {file.name}
            </Button>
          ) : null}
          <FieldError id="post-cover-error" message={error} />
        </div>
      </div>
    </div>
  );
}
