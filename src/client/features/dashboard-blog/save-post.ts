import { messages } from '@shared/messages';
import { POST_COVER_FIELD, type PostInput } from '@shared/schemas/blog';

/** A refused save: the server's Spanish message and, for invalid input, one per field. */
export class SavePostError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/**
 * Creates (no id) or updates a post through the multipart routes of
 * src/server/http/blog-uploads.ts: a cover file cannot travel inside tRPC's JSON.
 */
export async function savePost(options: {
  id?: number;
  values: PostInput;
  cover?: File | null;
}): Promise<{ id: number; slug: string }> {
  const form = new FormData();
  form.append('title', options.values.title);
  form.append('content', options.values.content);
  form.append('status', options.values.status);
  if (options.cover) form.append(POST_COVER_FIELD, options.cover, options.cover.name);

  let response: Response;
  try {
    response = await fetch(options.id ? `/api/admin/posts/${options.id}` : '/api/admin/posts', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new SavePostError(messages.unexpected);
  }
  const body = (await response.json().catch(() => ({}))) as {
    id?: number;
    slug?: string;
    error?: string;
    fieldErrors?: Record<string, string[]>;
  };
  if (!response.ok || body.id === undefined || body.slug === undefined) {
    throw new SavePostError(body.error ?? messages.unexpected, body.fieldErrors);
  }
  return { id: body.id, slug: body.slug };
}
