import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@client/components/ui/badge';
import { Button, IconButton } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import {
  type TaxonomyKind,
  type TaxonomyNameForm,
  taxonomyNameFormSchema,
} from '@shared/schemas/taxonomy';
import { messages } from '@shared/client-messages';
import { BrandLogoField } from './brand-logo-field';

export type TaxonomyEntry = {
  id: number;
  name: string;
  logoUrl: string | null;
  productCount: number;
};

/** One brand or category: its name, how many products use it, rename and delete; a brand's logo. */
export function TaxonomyRow({
  kind,
  entry,
  onChanged,
  onDelete,
}: {
  kind: TaxonomyKind;
  entry: TaxonomyEntry;
  /** After a rename or a logo change: the lists and the shop read the brand again. */
  onChanged: () => Promise<unknown>;
  onDelete: (entry: TaxonomyEntry) => void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const trpc = useTRPC();
  const form = useForm<TaxonomyNameForm>({
    resolver: zodResolver(taxonomyNameFormSchema),
    defaultValues: { name: entry.name },
  });
  const rename = useMutation(
    trpc.admin.taxonomies.update.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.taxonomy[kind].renamed);
        setIsEditing(false);
        await onChanged();
      },
      onError: (error) => showRefusal(form, error, { messageField: 'name' }),
    }),
  );
  const inputId = `${kind}-${entry.id}-name`;
  const nameError = form.formState.errors.name?.message;

  if (isEditing) {
    return (
      <li className="p-2">
        <form
          noValidate
          className="flex flex-col gap-1.5"
          onSubmit={(event) =>
            void form.handleSubmit((values) =>
              rename.mutate({ kind, id: entry.id, name: values.name }),
            )(event)
          }
        >
          <div className="flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              Nuevo nombre para {entry.name}
            </label>
            <Input
              id={inputId}
              autoFocus
              autoComplete="off"
              aria-invalid={nameError ? true : undefined}
              {...form.register('name')}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setIsEditing(false);
              }}
            />
            <IconButton
              label="Guardar nombre"
              icon={Check}
              type="submit"
              disabled={rename.isPending}
            />
            <Button
              type="button"
              size="icon"
              variant="outline"
              aria-label="Cancelar"
              onClick={() => {
                form.reset({ name: entry.name });
                setIsEditing(false);
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <FieldError message={nameError} />
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <div className="flex items-center justify-between gap-2">
        {/* The name wraps, the badge goes under it when both do not fit: never cut. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">{entry.name}</span>
          <Badge variant="secondary" className="shrink-0">
            {messages.productCount(entry.productCount)}
          </Badge>
        </div>
        <div className="flex shrink-0 gap-1">
          <IconButton
            label={`Renombrar ${entry.name}`}
            icon={Pencil}
            variant="ghost"
            onClick={() => {
              form.reset({ name: entry.name });
              setIsEditing(true);
            }}
          />
          <IconButton
            label={`Eliminar ${entry.name}`}
            icon={Trash2}
            variant="ghost-destructive"
            onClick={() => onDelete(entry)}
          />
        </div>
      </div>
      {kind === 'brand' ? <BrandLogoField brand={entry} onChanged={onChanged} /> : null}
    </li>
  );
}
