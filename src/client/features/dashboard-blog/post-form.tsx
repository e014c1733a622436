import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { Spinner } from '@client/components/ui/spinner';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { messages } from '@shared/client-messages';
import {
  POST_COVER_FIELD,
  POST_STATUS_LABELS,
  POST_STATUSES,
  type PostFormValues,
  type PostInput,
  postInputSchema,
} from '@shared/schemas/blog';
import { CoverInput } from './cover-input';
import { savePost } from './save-post';

export type PostFormProps = {
  /** The post being edited; absent on /dashboard/blog/nuevo. */
  post?: PostInput & { id: number; coverImageUrl: string | null };
};

/** The form's values and, for its messages only, the cover (a file outside the values). */
type PostFormFields = PostFormValues & { [POST_COVER_FIELD]?: never };
const FIELDS = ['title', 'content', 'status', POST_COVER_FIELD];

export function PostForm({ post }: PostFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [cover, setCover] = useState<File | null>(null);
  const form = useForm<PostFormFields, unknown, PostInput>({
    resolver: zodResolver(postInputSchema),
    defaultValues: {
      title: post?.title ?? '',
      content: post?.content ?? '',
      status: post?.status ?? 'published',
    },
  });
  const { errors } = form.formState;
  const field = fieldBinder(form, { idPrefix: 'post-' });

  const save = useMutation({
    mutationFn: (values: PostInput) => savePost({ id: post?.id, values, cover }),
    onSuccess: async () => {
      notify.success(post ? messages.postUpdated : messages.postCreated);
      await Promise.all([
        queryClient.invalidateQueries(trpc.admin.blog.pathFilter()),
        queryClient.invalidateQueries(trpc.blog.pathFilter()),
      ]);
      await navigate({ to: '/dashboard/blog' });
    },
    onError: (error) => showRefusal(form, error, { fields: FIELDS }),
  });

  const chooseCover = (file: File | null, problem?: string) => {
    setCover(file);
    if (problem) form.setError(POST_COVER_FIELD, { message: problem });
    else form.clearErrors(POST_COVER_FIELD);
  };

  return (
    <Card>
      <div className="p-6">
        <form
          noValidate
          className="space-y-6"
          onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        >
          <InputField label="Título" {...field('title')} />
          <TextareaField
            label="Contenido"
            hint="Texto plano: los saltos de línea se respetan al publicar."
            rows={14}
            {...field('content')}
          />
          <FormField
            label="Estado"
            htmlFor="post-status"
            error={errors.status?.message}
            hint="Los borradores no se muestran en el blog público."
            className="sm:max-w-xs"
          >
            <NativeSelect id="post-status" {...form.register('status')}>
              {POST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {POST_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <CoverInput
            currentUrl={post?.coverImageUrl ?? null}
            file={cover}
            onFileChange={chooseCover}
            error={errors[POST_COVER_FIELD]?.message}
            disabled={save.isPending}
          />
          <div className="border-border flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/dashboard/blog">Cancelar</Link>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner size="sm" tone="current" /> : null}
              {save.isPending ? 'Guardando...' : 'Guardar Post'}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
