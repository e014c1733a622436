import type { FormRefusal, SavedRecord } from '@shared/form-refusal';
import { messages } from '@shared/messages';

/** A refused save: the server's Spanish message and, for invalid input, one per field. */
export class FormRefusedError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** HTTP status of the refusal; 409 means the record changed while it was being edited. */
    readonly status = 0,
  ) {
    super(message);
  }
}

/**
 * Sends a multipart form to the dashboard's save routes (a product with its images, a post
 * with its cover) and answers the saved record, or rejects with a FormRefusedError.
 */
export async function sendAdminForm(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<SavedRecord> {
  const body = await postAdminForm<Partial<SavedRecord>>(url, form, onProgress);
  if (!body.id || !body.slug) throw new FormRefusedError(messages.unexpected);
  return { id: body.id, slug: body.slug };
}

/**
 * Posts a multipart form to a dashboard route (the browser adds the Origin the server checks
 * against cross-site writes) and answers its JSON, or rejects with a FormRefusedError.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function postAdminForm<T>(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (request.response ?? {}) as T & Partial<FormRefusal>;
      if (request.status >= 200 && request.status < 300 && request.response) {
        resolve(body);
      } else {
        reject(
          new FormRefusedError(body.error ?? messages.unexpected, body.fieldErrors, request.status),
        );
      }
    };
    request.onerror = () => reject(new FormRefusedError(messages.unexpected));
    request.send(form);
  });
}
