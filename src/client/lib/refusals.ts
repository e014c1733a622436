// The one path from a server's refusal to the form: a tRPC error (TRPCClientError with
// `data.fieldErrors`) or a multipart route's answer (FormRefusedError, or its `{ error,
// fieldErrors }` body) puts each message under its field with react-hook-form's setError, and
// what belongs to no field of the form in a toast or under the field chosen for it.
// Only types come from react-hook-form: the newsletter box, on every page, uses this without it.
import { TRPCClientError } from '@trpc/client';
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { notify } from '@client/lib/notify';
import { messages } from '@shared/client-messages';
import type { FormRefusal } from '@shared/form-refusal';
import { FormRefusedError } from './admin-form';

/** A refusal read from either shape: the text for the person and the messages by field path. */
export type Refusal = {
  message: string;
  fieldErrors: Record<string, string[]>;
};

const isRefusalBody = (error: unknown): error is FormRefusal =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { error?: unknown }).error === 'string';

/** Reads any error a form's call can end with; what is not a refusal is told as `fallback`. */
export function readRefusal(error: unknown, fallback: string = messages.unexpected): Refusal {
  if (error instanceof TRPCClientError) {
    const data = error.data as
      { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[]> } | undefined;
    // Without data the request never got a tRPC answer (network, proxy page); a failure of the
    // server itself says only 'Ocurrió un error inesperado.', where the form knows better.
    const isFailure =
      !data || data.code === 'INTERNAL_SERVER_ERROR' || (data.httpStatus ?? 0) >= 500;
    return {
      message: isFailure ? fallback : error.message || fallback,
      fieldErrors: data?.fieldErrors ?? {},
    };
  }
  if (error instanceof FormRefusedError) {
    // The multipart routes answer in Spanish even when they fail (a full disk, 'No se pudo
    // previsualizar'); an empty message means no answer of ours came back.
    return { message: error.message || fallback, fieldErrors: error.fieldErrors };
  }
  if (isRefusalBody(error)) {
    return { message: error.error || fallback, fieldErrors: error.fieldErrors ?? {} };
  }
  return { message: fallback, fieldErrors: {} };
}

/** What showRefusal needs of a form: react-hook-form's own functions, or the same shape. */
export type RefusalTarget<T extends FieldValues> = {
  setError: UseFormSetError<T>;
  getValues?: UseFormGetValues<T>;
};

export type RefusalOptions = {
  /**
   * The paths the form shows a message under, `*` standing for an index ('variants.*.price').
   * Default: every path of the form's current values.
   */
  fields?: readonly string[];
  /** Where a message that fits no field goes, instead of a toast (a one-field form's field). */
  messageField?: string;
  /** What to tell when the server failed or could not be reached. */
  fallback?: string;
  /**
   * A toast shown when every message found its field: a text of the form's own ('Ocurrió un
   * error al crear el producto'), or `true` for the refusal's message. Without it, only a
   * message that found no field is toasted.
   */
  toast?: string | true;
};

const matches = (pattern: string, path: string[]) => {
  const parts = pattern.split('.');
  return (
    parts.length === path.length &&
    parts.every((part, i) => part === path[i] || (part === '*' && /^\d+$/.test(path[i]!)))
  );
};

/** The value at `path` of the form's values, and whether every step of it exists. */
function valueAt(values: unknown, path: string[]): { exists: boolean; value?: unknown } {
  let current = values;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return { exists: false };
    }
    current = (current as Record<string, unknown>)[key];
  }
  return { exists: true, value: current };
}

/**
 * Puts each message of a refusal under its field: 'variants.0.price' under that variant's
 * price; a path the form has no field for goes to its closest parent that is one ('images.0.url'
 * under 'images'), else to `messageField` or a toast. Focuses the first field it marked.
 */
export function showRefusal<T extends FieldValues>(
  form: RefusalTarget<T>,
  error: unknown,
  options: RefusalOptions = {},
): Refusal {
  const refusal = readRefusal(error, options.fallback);
  const values: unknown = options.fields ? undefined : form.getValues?.();
  const isField = (path: string[]) =>
    path.length > 0 &&
    (options.fields
      ? options.fields.some((pattern) => matches(pattern, path))
      : valueAt(values, path).exists);

  const unplaced: string[] = [];
  let isFirst = true;
  for (const [path, fieldMessages] of Object.entries(refusal.fieldErrors)) {
    const message = fieldMessages[0];
    if (!message) continue;
    const segments = path === '_' ? [] : path.split('.');
    while (segments.length > 0 && !isField(segments)) segments.pop();
    if (segments.length === 0) {
      unplaced.push(message);
      continue;
    }
    // An array's own message goes to its `root`, beside its items' messages, as the resolver
    // puts it: set on the array itself it would replace them.
    const isArray = Array.isArray(valueAt(form.getValues?.(), segments).value);
    const name = (isArray ? [...segments, 'root'] : segments).join('.') as FieldPath<T>;
    form.setError(name, { type: 'server', message }, { shouldFocus: isFirst });
    isFirst = false;
  }
  // A refusal without per-field messages is one message about the whole form.
  if (Object.keys(refusal.fieldErrors).length === 0) unplaced.push(refusal.message);

  const [formMessage] = unplaced;
  if (formMessage && options.messageField) {
    form.setError(options.messageField as FieldPath<T>, { type: 'server', message: formMessage });
  }
  const toast =
    formMessage && !options.messageField
      ? formMessage
      : options.toast === true
        ? refusal.message
        : options.toast;
  if (toast) notify.error(toast);
  return refusal;
}
