import { sendAdminForm } from '@client/lib/admin-form';
import { PRODUCT_JSON_FIELD, type ProductInput, productSaveUrl } from '@shared/schemas/product';

/** A file chosen in the form, waiting to be sent under its upload key. */
export type PendingImage = { file: File; previewUrl: string };

/** Sends the product and its new files as one multipart request. */
export function saveProductRequest(options: {
  productId?: number;
  values: ProductInput;
  pendingImages: ReadonlyMap<string, PendingImage>;
  onProgress: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append(PRODUCT_JSON_FIELD, JSON.stringify(options.values));
  for (const ref of options.values.images) {
    if (!('upload' in ref)) continue;
    const pending = options.pendingImages.get(ref.upload);
    if (pending) form.append(ref.upload, pending.file, pending.file.name);
  }
  return sendAdminForm(productSaveUrl(options.productId), form, options.onProgress);
}
