import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FieldError } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton } from '@client/components/ui/skeleton';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import {
  type TaxonomyKind,
  type TaxonomyNameForm,
  taxonomyNameFormSchema,
} from '@shared/schemas/taxonomy';
import { type TaxonomyEntry, TaxonomyRow } from './taxonomy-row';

export function TaxonomyList({ kind }: { kind: TaxonomyKind }) {
  const copy = messages.taxonomy[kind];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TaxonomyEntry | null>(null);
  const list = useQuery({
    ...trpc.admin.taxonomies.list.queryOptions({ kind, page }),
    placeholderData: keepPreviousData,
  });
  const form = useForm<TaxonomyNameForm>({
    resolver: zodResolver(taxonomyNameFormSchema),
    defaultValues: { name: '' },
  });
  const typedName = useWatch({ control: form.control, name: 'name' });

  // Product forms and shop filters list the same names.
  const refresh = () => queryClient.invalidateQueries();
  const create = useMutation(
    trpc.admin.taxonomies.create.mutationOptions({
      onSuccess: async () => {
        form.reset({ name: '' });
        notify.success(copy.added);
        await refresh();
      },
      onError: (error) => showRefusal(form, error, { messageField: 'name' }),
    }),
  );
  const remove = useMutation(
    trpc.admin.taxonomies.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(copy.deleted);
        setToDelete(null);
        await refresh();
      },
      onError: (error) => {
        setToDelete(null);
        notify.error(errorMessage(error));
      },
    }),
  );

  const inputId = `new-${kind}`;
  const nameError = form.formState.errors.name?.message;

  return (
    <Card role="region" aria-labelledby={`${kind}-heading`} className="min-w-0">
      <div className="flex flex-col gap-1.5 p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id={`${kind}-heading`} className="text-lg leading-tight font-semibold tracking-tight">
          {copy.title}
        </h2>
      </div>
      <div className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <form
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit((values) => create.mutate({ kind, name: values.name }))(event)
          }
          className="flex flex-col gap-1.5"
        >
          <label htmlFor={inputId} className="sr-only">
            {copy.newLabel}
          </label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              placeholder={copy.placeholder}
              autoComplete="off"
              className="min-w-0"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${inputId}-error` : undefined}
              {...form.register('name')}
            />
            <Button type="submit" disabled={typedName.trim() === '' || create.isPending}>
              <Plus aria-hidden="true" /> Agregar
            </Button>
          </div>
          <FieldError id={`${inputId}-error`} message={nameError} />
        </form>

        <QueryState
          query={list}
          pending={
            <div className="flex flex-col gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-11 w-full" />
              ))}
            </div>
          }
        >
          {({ items, pageCount }) => (
            <>
              {items.length === 0 ? (
                <p className="text-muted-foreground py-6 text-center text-sm">{copy.empty}</p>
              ) : (
                <ul
                  aria-label={copy.title}
                  className="divide-border border-border divide-y rounded-md border"
                >
                  {items.map((entry) => (
                    <TaxonomyRow
                      key={entry.id}
                      kind={kind}
                      entry={entry}
                      onChanged={refresh}
                      onDelete={setToDelete}
                    />
                  ))}
                </ul>
              )}
              {pageCount > 1 ? (
                <Pagination
                  page={page}
                  pageCount={pageCount}
                  onPage={(next) => setPage(Math.min(pageCount, Math.max(1, next)))}
                />
              ) : null}
            </>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? copy.deleteTitle(toDelete.name) : ''}
        description="Solo se puede eliminar si ningún producto la usa."
        isPending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ kind, id: toDelete.id })}
      />
    </Card>
  );
}
