import type { FormRefusal, SavedRecord } from '@shared/form-refusal';

/**
 * A refused save: the server's Spanish message (empty when no answer of ours came back: the
 * network failed, a proxy answered) and, for invalid input, one per field. Forms read it with
 * showRefusal (lib/refusals.ts).
 */
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
  return postAdminForm(url, form, isSavedRecord, onProgress);
}

const isSavedRecord = (body: Record<string, unknown>): body is SavedRecord =>
  typeof body.id === 'number' && typeof body.slug === 'string' && body.slug !== '';

/**
 * Posts a multipart form to one of the dashboard's HTTP routes and answers its JSON body when
 * the status is a success and `isAnswer` recognises it, or rejects with a FormRefusedError.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function postAdminForm<T extends Record<string, unknown>>(
  url: string,
  form: FormData,
  isAnswer: (body: Record<string, unknown>) => body is T,
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
      const body = (request.response ?? {}) as Record<string, unknown> & Partial<FormRefusal>;
      if (request.status >= 200 && request.status < 300 && isAnswer(body)) {
        resolve(body);
      } else {
        reject(new FormRefusedError(body.error ?? '', body.fieldErrors, request.status));
      }
    };
    request.onerror = () => reject(new FormRefusedError(''));
    request.send(form);
  });
}
