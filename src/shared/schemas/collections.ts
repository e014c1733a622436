// Inputs of credit and collections: a company's terms and credit limit, the store's credit
// decisions, payments and their reversal, and a rate typed by hand (docs/decisions/083-085).
import { z } from 'zod';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS } from '../collections';
import { messages } from '../client-messages';
import { MONEY_INPUT_MAX } from '../money-input';
import { PAYMENT_TERM_DAYS, PAYMENT_TERMS_FROM } from '../payment-terms';
import { amountFromText, amountTextSchema } from './money';
import { boundedText, idSchema, requiredText } from './common';

/** The highest amount numeric(12, 2) holds, in whole dollars. */
export const CREDIT_LIMIT_MAX = 9_999_999_999;
export const CREDIT_REASON_MAX = 500;
export const PAYMENT_TEXT_MAX = 80;
export const PAYMENT_NOTE_MAX = 500;
/** An order list a payment is applied to. */
export const PAYMENT_ORDERS_MAX = 200;
/** Pesos per dollar: what a typed rate may be (the BCU's is near 40). */
export const RATE_MAX = 1000;

const dayField = (message: string) => z.iso.date(message).max(10, message);

/** 'Condiciones de pago' and 'Límite de crédito' of a company (blank limit: none). */
export const companyTermsSchema = z.object({
  companyId: idSchema,
  paymentTermsDays: z.literal(PAYMENT_TERM_DAYS, { error: 'Elegí las condiciones de pago' }),
  paymentTermsFrom: z.enum(PAYMENT_TERMS_FROM, { error: 'Elegí desde cuándo corre el plazo' }),
  creditLimit: z
    .string()
    .max(MONEY_INPUT_MAX, messages.moneyInputInvalid)
    .transform((text, ctx) =>
      text.trim() === ''
        ? null
        : amountFromText(
            text,
            {
              min: { amount: '0', message: 'El límite no puede ser negativo' },
              max: { amount: String(CREDIT_LIMIT_MAX), message: 'El límite es demasiado alto' },
            },
            ctx,
          ),
    ),
});
export type CompanyTermsInput = z.infer<typeof companyTermsSchema>;
export type CompanyTermsFormValues = z.input<typeof companyTermsSchema>;

export const creditOrderSchema = z.object({ orderId: idSchema });
export const creditDeclineSchema = z.object({
  orderId: idSchema,
  reason: requiredText(
    CREDIT_REASON_MAX,
    'Escribí el motivo: el cliente lo lee',
    `El motivo no debe exceder los ${CREDIT_REASON_MAX} caracteres`,
  ),
});
export type CreditDeclineInput = z.infer<typeof creditDeclineSchema>;

const optionalText = (label: string) =>
  boundedText(PAYMENT_TEXT_MAX, `${label} no debe exceder los ${PAYMENT_TEXT_MAX} caracteres`)
    .optional()
    .transform((value) => value || undefined);

/** Who pays: a company, or a customer on their own. */
export const payerSchema = z.union([
  z.object({ companyId: idSchema }),
  z.object({ customerId: idSchema }),
]);

/** The fields the method's rules below read. */
const METHOD_RULE_FIELDS = [
  'method',
  'receivedOn',
  'bank',
  'reference',
  'chequeNumber',
  'collectOn',
];

/**
 * 'Registrar pago'. The amount is in US$ or in pesos (converted on the server at the rate of
 * the day received); `orderIds` are the orders staff chose, oldest first by default.
 */
export const paymentInputSchema = z
  .object({
    payer: payerSchema,
    method: z.enum(PAYMENT_METHODS, { error: 'Elegí la forma de pago' }),
    currency: z.enum(PAYMENT_CURRENCIES, { error: 'Elegí la moneda' }),
    amount: amountTextSchema({
      required: 'Ingresá el importe',
      min: { amount: '0.01', message: 'El importe debe ser mayor a 0' },
      max: { amount: String(CREDIT_LIMIT_MAX), message: 'El importe es demasiado alto' },
    }),
    receivedOn: dayField('Ingresá la fecha en que se recibió'),
    bank: optionalText('El banco'),
    reference: optionalText('La referencia'),
    chequeNumber: optionalText('El número de cheque'),
    collectOn: dayField('Ingresá la fecha de cobro').optional(),
    note: boundedText(
      PAYMENT_NOTE_MAX,
      `La nota no debe exceder los ${PAYMENT_NOTE_MAX} caracteres`,
    )
      .optional()
      .transform((value) => value || undefined),
    orderIds: z.array(idSchema).max(PAYMENT_ORDERS_MAX).optional(),
  })
  .superRefine(
    (payment, ctx) => {
      const need = (
        field: 'bank' | 'reference' | 'chequeNumber' | 'collectOn',
        message: string,
      ) => {
        if (!payment[field]) ctx.addIssue({ code: 'custom', path: [field], message });
      };
      if (payment.method === 'transfer') {
        need('bank', 'Ingresá el banco');
        need('reference', 'Ingresá la referencia de la transferencia');
      }
      if (payment.method === 'cheque') {
        need('bank', 'Ingresá el banco del cheque');
        need('chequeNumber', 'Ingresá el número de cheque');
        need('collectOn', 'Ingresá la fecha de cobro');
        if (payment.collectOn && payment.collectOn < payment.receivedOn) {
          ctx.addIssue({
            code: 'custom',
            path: ['collectOn'],
            message: 'La fecha de cobro no puede ser anterior a la de recepción',
          });
        }
      }
    },
    {
      // Told together with the other fields' messages: a missing amount does not hide a missing
      // bank until the next try. Skipped only when a field it reads is itself wrong.
      when: ({ issues }) =>
        issues.every((issue) => !METHOD_RULE_FIELDS.includes(String(issue.path?.[0]))),
    },
  );
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export type PaymentFormValues = z.input<typeof paymentInputSchema>;

export const paymentReversalSchema = z.object({
  paymentId: idSchema,
  reason: requiredText(
    CREDIT_REASON_MAX,
    'Escribí el motivo de la reversión',
    `El motivo no debe exceder los ${CREDIT_REASON_MAX} caracteres`,
  ),
});
export type PaymentReversalInput = z.infer<typeof paymentReversalSchema>;

/** A rate typed by staff: pesos per dollar with up to four decimals, '39,512'. */
export const manualRateSchema = z.object({
  rate: z
    .string()
    .trim()
    .max(12, 'Escribí la cotización como 39,512')
    .transform((value) => value.replace(',', '.'))
    .refine((value) => /^\d{1,4}(\.\d{1,4})?$/.test(value), 'Escribí la cotización como 39,512')
    .refine((value) => Number(value) > 0 && Number(value) < RATE_MAX, 'La cotización no es válida'),
});
export type ManualRateInput = z.infer<typeof manualRateSchema>;

export const payerPageSchema = z.object({ payer: payerSchema });
export const orderIdSchema = z.object({ orderId: idSchema });
