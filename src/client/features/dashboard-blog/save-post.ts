import { sendAdminForm } from '@client/lib/admin-form';
import { POST_COVER_FIELD, type PostInput, postSaveUrl } from '@shared/schemas/blog';

/** Creates (no id) or updates a post: a cover file cannot travel inside tRPC's JSON. */
export function savePost(options: { id?: number; values: PostInput; cover?: File | null }) {
  const form = new FormData();
  form.append('title', options.values.title);
  form.append('content', options.values.content);
  form.append('status', options.values.status);
  if (options.cover) form.append(POST_COVER_FIELD, options.cover, options.cover.name);
  return sendAdminForm(postSaveUrl(options.id), form);
}
