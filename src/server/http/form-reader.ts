import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type core, z } from 'zod';
import { fieldRefusal } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import { fieldErrorsOf, firstFieldError, unstorableTextError } from '../validation';
import { FormRefusedError } from './admin-routes';

/** A file part: the part's name, the client's file name and its bytes (or their chunks). */
type FormFile<Data> = { partName: string; fileName: string; data: Data };
export type FormParts<Data = Buffer> = { fields: Record<string, string>; files: FormFile<Data>[] };

/**
 * Per-route limits: the refusal texts, and a file size other than the images' default; a text
 * field longer than busboy's default megabyte (the import's stock snapshot) needs
 * `maxFieldBytes`, or it arrives cut short.
 */
type FormLimits = {
  tooManyFiles?: string;
  tooLarge?: string;
  maxFileBytes?: number;
  maxFieldBytes?: number;
};

type FilePart = {
  file: AsyncIterable<Buffer> & { truncated: boolean };
  toBuffer(): Promise<Buffer>;
};

/**
 * A file's chunks as they arrived, without joining them: for a file of tens of megabytes (the
 * catalogue import), one buffer means allocating and copying it all at once, which holds the
 * event loop. Refused as toBuffer() refuses a file past the size limit.
 */
async function chunksOf(app: FastifyInstance, part: FilePart) {
  const chunks: Buffer[] = [];
  // Read to its end either way, as toBuffer() does, so the answer reaches the browser.
  for await (const chunk of part.file) {
    if (!part.file.truncated) chunks.push(chunk);
  }
  if (part.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
  return chunks;
}

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
  options: FormLimits & { asChunks: true },
): Promise<FormParts<Buffer[]>>;
export async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
  options?: FormLimits,
): Promise<FormParts>;
export async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
  options: FormLimits & { asChunks?: boolean } = {},
): Promise<FormParts<Buffer | Buffer[]>> {
  const { tooManyFiles = messages.tooManyImages, tooLarge = messages.imageTooLarge } = options;
  if (!request.isMultipart()) throw new FormRefusedError(400, { error: messages.invalidForm });
  const form: FormParts<Buffer | Buffer[]> = { fields: {}, files: [] };
  let refusal: FormRefusedError | undefined;
  try {
    // busboy would quietly cut a name like '../x.png' down to 'x.png'; keep it to refuse it.
    for await (const part of request.parts({
      preservePath: true,
      limits: {
        ...(options.maxFileBytes ? { fileSize: options.maxFileBytes } : {}),
        ...(options.maxFieldBytes ? { fieldSize: options.maxFieldBytes } : {}),
      },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const data = options.asChunks ? await chunksOf(app, part) : await part.toBuffer();
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
