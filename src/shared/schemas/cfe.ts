// Staff's actions on the fiscal documents and the 'Comprobantes' list's filters
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { z } from 'zod';
import { CFE_KINDS, CFE_STATES } from '../cfe';
import { idSchema, requiredText } from './common';
import { pageSchema } from './page';

/** RazonRef: DGI's length of a credit note's reason. */
export const CREDIT_REASON_MAX = 90;
/** A consumer's cédula: 7 or 8 digits, dots and dash allowed as typed. */
const CEDULA_PATTERN = /^\d{6,8}$/;
export const CFE_PAGE_SIZE = 20;

export const cfeIdInputSchema = z.object({ id: idSchema });

/** 'Reintentar' a document stopped for data, with the buyer's cédula when it asked for one. */
export const cfeRetryInputSchema = z.object({
  id: idSchema,
  buyerDocument: z
    .string()
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
        quantity: z.number().int('Ingresá unidades enteras').min(1, 'Acreditá al menos 1 unidad'),
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalDay = z
  .string()
  .refine((value) => value === '' || DAY.test(value), 'Fecha inválida')
  .optional()
  .transform((value) => value || undefined);

/** 'Comprobantes' (/dashboard/comprobantes) and its CSV: by kind, DGI state and issue day. */
export const cfeListFiltersSchema = z.object({
  kind: z
    .union([z.literal(''), z.coerce.number().pipe(z.union(CFE_KINDS.map((k) => z.literal(k))))])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  state: z
    .union([z.literal(''), z.enum(CFE_STATES)])
    .optional()
    .transform((value) => value || undefined),
  from: optionalDay,
  to: optionalDay,
});
export const cfeListInputSchema = cfeListFiltersSchema.extend({ page: pageSchema });
export type CfeListFilters = z.output<typeof cfeListFiltersSchema>;
export type CfeListInput = z.input<typeof cfeListInputSchema>;
