import { messages } from '@shared/messages';
import { PRODUCT_JSON_FIELD, type ProductInput, productSaveUrl } from '@shared/schemas/product';

/** A file chosen in the form, waiting to be sent under its upload key. */
export type PendingImage = { file: File; previewUrl: string };

export class SaveProductError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** HTTP status of the refusal; 409 means the product changed while it was being edited. */
    readonly status = 0,
  ) {
    super(message);
  }
}

/**
 * Sends the product and its new files as one multipart request. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function saveProductRequest(options: {
  productId?: number;
  values: ProductInput;
  pendingImages: ReadonlyMap<string, PendingImage>;
  onProgress: (fraction: number) => void;
}): Promise<{ id: number; slug: string }> {
  const form = new FormData();
  form.append(PRODUCT_JSON_FIELD, JSON.stringify(options.values));
  for (const ref of options.values.images) {
    if (!('upload' in ref)) continue;
    const pending = options.pendingImages.get(ref.upload);
    if (pending) form.append(ref.upload, pending.file, pending.file.name);
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', productSaveUrl(options.productId));
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (request.response ?? {}) as {
        id?: number;
        slug?: string;
        error?: string;
        fieldErrors?: Record<string, string[]>;
      };
      if (request.status >= 200 && request.status < 300 && body.id && body.slug) {
        resolve({ id: body.id, slug: body.slug });
      } else {
        reject(
          new SaveProductError(body.error ?? messages.unexpected, body.fieldErrors, request.status),
        );
      }
    };
    request.onerror = () => reject(new SaveProductError(messages.unexpected));
    request.send(form);
  });
}
