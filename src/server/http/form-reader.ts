import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type core, z } from 'zod';
import { fieldRefusal } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import { fieldErrorsOf, firstFieldError, unstorableTextError } from '../validation';
import { FormRefusedError } from './admin-routes';

/** A file part: the part's name, the client's file name and its bytes. */
type FormFile = { partName: string; fileName: string; data: Buffer };
export type FormParts = { fields: Record<string, string>; files: FormFile[] };

/** Per-route limits: the refusal texts, and a file size other than the images' default. */
type FormLimits = { tooManyFiles?: string; tooLarge?: string; maxFileBytes?: number };

/** A client file name that tries to climb out of its folder is refused, not repaired. */
const isSafeFileName = (fileName: string) =>
  !/[\\/\0]/.test(fileName) && fileName !== '.' && fileName !== '..';

/**
 * Reads a multipart form into its text fields and non-empty files. Too large a file, too
 * many files or an unsafe file name refuse the whole form under `fileField`; every part is
 * still read to its end, so the browser always receives the answer.
 */
export async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
  options: FormLimits = {},
): Promise<FormParts> {
  const { tooManyFiles = messages.tooManyImages, tooLarge = messages.imageTooLarge } = options;
  if (!request.isMultipart()) throw new FormRefusedError(400, { error: messages.invalidForm });
  const form: FormParts = { fields: {}, files: [] };
  let refusal: FormRefusedError | undefined;
  try {
    // busboy would quietly cut a name like '../x.png' down to 'x.png'; keep it to refuse it.
    for await (const part of request.parts({
      preservePath: true,
      ...(options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : {}),
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (!isSafeFileName(part.filename)) {
        refusal ??= new FormRefusedError(400, fieldRefusal(fileField, messages.invalidFileName));
      } else if (part.filename !== '' || data.length > 0) {
        // Browsers send a nameless empty part when no file was chosen; a named empty file is
        // kept, so the image check refuses it.
        form.files.push({ partName: part.fieldname, fileName: part.filename, data });
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw new FormRefusedError(413, fieldRefusal(fileField, tooLarge));
    }
    if (error instanceof app.multipartErrors.FilesLimitError) {
      throw new FormRefusedError(413, fieldRefusal(fileField, tooManyFiles));
    }
    throw new FormRefusedError(400, { error: messages.invalidForm });
  }
  if (refusal) throw refusal;
  return form;
}

/** A form value read by its shared schema, or the form refused with its field errors. */
export function parseFormValue<T extends core.$ZodType>(schema: T, value: unknown): core.output<T> {
  // What the database could not store is refused before the schema runs, as tRPC inputs are.
  const unstorable = unstorableTextError(value);
  if (unstorable) throw refusalOf(unstorable);
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw refusalOf(parsed.error);
  return parsed.data;
}

function refusalOf(error: core.$ZodError) {
  const fieldErrors = fieldErrorsOf(error);
  return new FormRefusedError(400, { error: firstFieldError(fieldErrors), fieldErrors });
}
