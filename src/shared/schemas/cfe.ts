// Staff's actions on the fiscal documents
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { z } from 'zod';
import { CFE_KINDS, CFE_SEARCH_MAX, CFE_STATE_FILTER_VALUES, type CfeKind } from '../cfe';
import { boundedText, idSchema, requiredText } from './common';
import { calendarDaySchema, daysInOrder, reversedDays } from './order';
import { deskPageSizeSchema, pageSchema } from './page';

/** RazonRef: DGI's length of a credit note's reason. */
export const CREDIT_REASON_MAX = 90;
/** A consumer's cédula: 7 or 8 digits, dots and dash allowed as typed. */
const CEDULA_PATTERN = /^\d{6,8}$/;

export const cfeIdInputSchema = z.object({ id: idSchema });
/** An order's documents, on its staff page. */
export const cfeOrderInputSchema = z.object({ orderId: idSchema });

/** 'Reintentar' a document stopped for data, with the buyer's cédula when it asked for one. */
export const cfeRetryInputSchema = z.object({
  id: idSchema,
  buyerDocument: z
    .string()
    .max(20, 'Ingresá la cédula sin letras')
    .transform((value) => value.replace(/[.\s-]/g, ''))
    .refine((value) => value === '' || CEDULA_PATTERN.test(value), 'Ingresá la cédula sin letras')
    .optional()
    .transform((value) => value || undefined),
});

/** 'Nota de crédito' of an issued invoice: some units of some lines, or all that is left. */
export const cfeCreditNoteInputSchema = z.object({
  id: idSchema,
  lines: z
    .array(
      z.object({
        line: z.number().int().min(1).max(700),
        quantity: z
          .number()
          .int('Ingresá unidades enteras')
          .min(1, 'Acreditá al menos 1 unidad')
          .max(1_000_000, 'La cantidad es demasiado grande'),
      }),
    )
    .max(700)
    .optional(),
  reason: requiredText(
    CREDIT_REASON_MAX,
    'Ingresá el motivo de la nota de crédito',
    `El motivo no debe exceder los ${CREDIT_REASON_MAX} caracteres`,
  ),
});
export type CfeCreditNoteInput = z.infer<typeof cfeCreditNoteInputSchema>;

/**
 * The filters of 'Comprobantes' (/dashboard/comprobantes), shared by the list and its CSV:
 * a kind, an 'Estado DGI' (shared/cfe.ts CFE_STATE_FILTERS), whole days of the store's time
 * zone and a text (the order's number, the receiver's name or RUT, the document's number).
 */
const cfeFilterFields = {
  kind: z
    .number()
    .int()
    .min(CFE_KINDS[0], 'Elegí un tipo de comprobante')
    .max(CFE_KINDS[4], 'Elegí un tipo de comprobante')
    .refine((kind) => CFE_KINDS.some((known) => known === kind), 'Elegí un tipo de comprobante')
    .transform((kind) => kind as CfeKind)
    .optional(),
  state: z.enum(CFE_STATE_FILTER_VALUES).optional(),
  search: boundedText(
    CFE_SEARCH_MAX,
    `La búsqueda no debe exceder los ${CFE_SEARCH_MAX} caracteres`,
  ).optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
};

export const cfeListFilterSchema = z.object(cfeFilterFields).refine(daysInOrder, reversedDays);
export type CfeListFilter = z.output<typeof cfeListFilterSchema>;

export const cfeListInputSchema = z
  .object({
    ...cfeFilterFields,
    page: pageSchema,
    pageSize: deskPageSizeSchema,
  })
  .refine(daysInOrder, reversedDays);
export type CfeListInput = z.input<typeof cfeListInputSchema>;
