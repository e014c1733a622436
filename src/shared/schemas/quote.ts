import { z } from 'zod';
import { boundedText, idSchema, requiredText } from './common';
import { pageSchema } from './page';
import { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY } from './order';

export const ORDER_MESSAGE_MAX = 2000;
export const REVISION_NOTE_MAX = 2000;
/** Days a new revision stays acceptable unless staff choose another date. */
export const REVISION_VALID_DAYS = 15;

const moneySchema = boundedText(12, 'Ingresá un precio válido (hasta 2 decimales)').regex(
  /^\d{1,8}(\.\d{1,2})?$/,
  'Ingresá un precio válido (hasta 2 decimales)',
);
const discountSchema = boundedText(6, 'El descuento debe ser un porcentaje entre 0 y 100')
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'El descuento debe ser un porcentaje entre 0 y 100')
  .refine((value) => Number(value) <= 100, 'El descuento debe ser un porcentaje entre 0 y 100');

export const revisionLineSchema = z.object({
  variantId: idSchema,
  unitPrice: moneySchema,
  quantity: z
    .number()
    .int('La cantidad debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(QUOTE_MAX_QUANTITY, `La cantidad máxima es ${QUOTE_MAX_QUANTITY}`),
  discountPercent: discountSchema,
  /** Quoted without stock: it reserves none ('Sin stock' in the editor, from the request). */
  isBackorder: z.boolean().optional(),
  /** The day staff expect to deliver a line without stock; left out: 'plazo a confirmar'. */
  expectedOn: z.iso
    .date('Ingresá una fecha de entrega válida')
    .max(10, 'Ingresá una fecha de entrega válida')
    .optional(),
});
export type RevisionLineInput = z.infer<typeof revisionLineSchema>;

/** admin.orders.sendRevision: what 'Enviar cotización' sends; the server computes the totals. */
export const revisionInputSchema = z.object({
  orderId: idSchema,
  lines: z
    .array(revisionLineSchema)
    .min(1, 'La cotización debe tener al menos un producto')
    .max(QUOTE_MAX_LINES, `Una cotización admite hasta ${QUOTE_MAX_LINES} productos`)
    .refine(
      (lines) => new Set(lines.map((line) => line.variantId)).size === lines.length,
      'Un mismo producto aparece dos veces: sumá las cantidades en una línea',
    ),
  note: z
    .string()
    .max(REVISION_NOTE_MAX, `La nota no debe exceder los ${REVISION_NOTE_MAX} caracteres`)
    .optional()
    .transform((value) => value?.trim() || undefined),
  validUntil: z.iso.date('Ingresá una fecha válida').max(10, 'Ingresá una fecha válida'),
});
export type RevisionInput = z.infer<typeof revisionInputSchema>;
export type RevisionFormValues = z.input<typeof revisionInputSchema>;

export const orderMessageInputSchema = z.object({
  orderId: idSchema,
  body: requiredText(
    ORDER_MESSAGE_MAX,
    'Escribí un mensaje',
    `El mensaje no debe exceder los ${ORDER_MESSAGE_MAX} caracteres`,
  ),
});
export type OrderMessageInput = z.infer<typeof orderMessageInputSchema>;

export const variantSearchInputSchema = z.object({
  query: z.string().trim().min(2).max(100),
});

export const mailListInputSchema = z.object({ page: pageSchema });
export const mailIdInputSchema = z.object({ id: idSchema });
export const MAIL_PAGE_SIZE = 20;

/** account.orders.accept: the revision the customer saw, so a newer one is never accepted blind. */
export const acceptRevisionInputSchema = z.object({
  id: idSchema,
  revision: idSchema,
});
