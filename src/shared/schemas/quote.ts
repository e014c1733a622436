import { z } from 'zod';
import { messages } from '../client-messages';
import { boundedText, documentLine, idSchema, requiredText } from './common';
import { deliveryChoiceSchema } from './fulfilment';
import { amountTextSchema } from './money';
import { pageSchema } from './page';
import { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY } from './order';
import { STORE_TERMS_MAX, STORE_WARRANTY_MAX } from './store-profile';

export const ORDER_MESSAGE_MAX = 2000;
export const REVISION_NOTE_MAX = 2000;
/** 'Orden de compra (OC)': the customer's purchase order number, given when accepting. */
export const PURCHASE_ORDER_MAX = 40;
/** Highest exchange rate accepted (pesos per dollar): numeric(10, 4). */
const EXCHANGE_RATE_PATTERN = /^\d{1,6}(\.\d{1,4})?$/;
const EXCHANGE_RATE_MESSAGE = 'Ingresá un tipo de cambio válido (por ejemplo 39,50)';

/** Largest unit price of a revision line (numeric(12,2) leaves room for its amount). */
export const REVISION_PRICE_MAX = '99999999.99';
const DISCOUNT_RANGE = 'El descuento debe ser un porcentaje entre 0 y 100';

// Typed the Uruguayan way ('1.150,50', '12,5'), sent as typed; the output is '1150.50'.
const unitPriceSchema = amountTextSchema({
  required: 'Ingresá el precio',
  max: { amount: REVISION_PRICE_MAX, message: 'El precio es demasiado alto' },
});
const discountSchema = amountTextSchema({
  invalid: messages.discountInputInvalid,
  required: 'Ingresá el descuento (0 si no hay)',
  min: { amount: '0', message: DISCOUNT_RANGE },
  max: { amount: '100', message: DISCOUNT_RANGE },
});

export const revisionLineSchema = z.object({
  variantId: idSchema,
  unitPrice: unitPriceSchema,
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
  // The terms printed on this revision; left out, the store's defaults ('Datos de la empresa').
  paymentTerms: boundedText(
    STORE_TERMS_MAX,
    `La forma de pago no debe exceder los ${STORE_TERMS_MAX} caracteres`,
  ).optional(),
  deliveryTerms: boundedText(
    STORE_TERMS_MAX,
    `El plazo de entrega no debe exceder los ${STORE_TERMS_MAX} caracteres`,
  ).optional(),
  warranty: boundedText(
    STORE_WARRANTY_MAX,
    `La garantía no debe exceder los ${STORE_WARRANTY_MAX} caracteres`,
  ).optional(),
  /** Pesos per dollar for the optional total in pesos; blank prints none. */
  exchangeRate: boundedText(12, EXCHANGE_RATE_MESSAGE)
    // Typed the Uruguayan way too: '39,50' is 39.50 (a rate has no thousands).
    .transform((value) => value.replace(',', '.'))
    .refine((value) => value === '' || EXCHANGE_RATE_PATTERN.test(value), EXCHANGE_RATE_MESSAGE)
    .refine((value) => value === '' || Number(value) > 0, EXCHANGE_RATE_MESSAGE)
    .optional()
    .transform((value) => value || undefined),
  /** A new delivery for the order (decision 081); left out, the order keeps its own. */
  delivery: deliveryChoiceSchema.optional(),
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
  // Kept whole: longer than PURCHASE_ORDER_MAX is refused at the field, never cut (the form
  // sets no maxlength, which would cut a pasted number silently). Printed on the quote.
  purchaseOrder: documentLine(PURCHASE_ORDER_MAX, {
    tooLong: `La orden de compra no debe exceder los ${PURCHASE_ORDER_MAX} caracteres`,
  })
    .optional()
    .transform((value) => value || undefined),
});
export type AcceptRevisionFormValues = z.input<typeof acceptRevisionInputSchema>;

/** Longest reason of 'Pedir cambios' (docs/decisions/090-asking-for-changes-is-an-event.md). */
export const CHANGE_REASON_MAX = 1000;

/** account.orders.requestChanges: the revision the buyer read, and what they want changed. */
export const changeRequestInputSchema = z.object({
  id: idSchema,
  revision: idSchema,
  reason: requiredText(
    CHANGE_REASON_MAX,
    'Contanos qué querés cambiar',
    `El motivo no debe exceder los ${CHANGE_REASON_MAX} caracteres`,
  ),
});
export type ChangeRequestInput = z.infer<typeof changeRequestInputSchema>;
export type ChangeRequestFormValues = z.input<typeof changeRequestInputSchema>;
