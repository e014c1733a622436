// Inputs of the address book, the delivery choice and the dispatches
// (docs/decisions/081-address-book-and-delivery-choice.md, 082-dispatches-and-delivery-notes.md).
import { z } from 'zod';
import { AGENCIES, DELIVERY_METHODS, OTHER_AGENCY } from '../delivery';
import { LINE_KEY } from '../fulfilment';
import { fulfilmentMessages as text } from '../fulfilment-messages';
import { isCalendarDay } from '../order-filters';
import { boundedText, idSchema, requiredText } from './common';
import { deliverySiteInputSchema } from './uy-address';

export const siteIdInputSchema = z.object({ siteId: idSchema });
export const siteUpdateInputSchema = deliverySiteInputSchema.extend({ siteId: idSchema });

export const AGENCY_NAME_MAX = 60;
export const TRACKING_NUMBER_MAX = 60;
export const RECEIVED_BY_MAX = 80;
export const REMAINDER_REASON_MAX = 500;
/** Lines a dispatch may name: every line of the largest quote and then some. */
export const DISPATCH_MAX_LINES = 100;
export const DISPATCH_MAX_QUANTITY = 99_999;

const methodFields = {
  method: z.enum(DELIVERY_METHODS, { message: text.deliveryMethodRequired }),
  agency: z.enum(AGENCIES, { message: text.deliveryAgencyRequired }).optional(),
  agencyName: boundedText(
    AGENCY_NAME_MAX,
    `El nombre de la agencia no debe exceder los ${AGENCY_NAME_MAX} caracteres`,
  ).optional(),
  freightCollect: z.boolean().optional(),
};

type MethodFields = {
  method: (typeof DELIVERY_METHODS)[number];
  agency?: (typeof AGENCIES)[number];
  agencyName?: string;
  freightCollect?: boolean;
};

/** An agency needs its name (and 'Otra' its own); the other methods keep none of it. */
function checkAgency(value: MethodFields, ctx: z.RefinementCtx) {
  if (value.method !== 'agency') return;
  if (!value.agency) {
    ctx.addIssue({ code: 'custom', message: text.deliveryAgencyRequired, path: ['agency'] });
  } else if (value.agency === OTHER_AGENCY && !value.agencyName) {
    ctx.addIssue({
      code: 'custom',
      message: text.deliveryAgencyNameRequired,
      path: ['agencyName'],
    });
  }
}

/**
 * What is kept of the method: the agency's fields only for an agency. Left out rather than
 * null, so a form's parsed values are a valid input of the procedure that parses them again.
 */
const normalizedMethod = (value: MethodFields): MethodFields & { freightCollect: boolean } => ({
  method: value.method,
  agency: value.method === 'agency' ? value.agency : undefined,
  agencyName:
    value.method === 'agency' && value.agency === OTHER_AGENCY
      ? value.agencyName || undefined
      : undefined,
  freightCollect: value.method === 'agency' && value.freightCollect === true,
});
export type DeliveryMethodChoice = ReturnType<typeof normalizedMethod>;

/**
 * How the buyer receives the order, chosen at checkout (and by staff in a revision): a pickup
 * needs no site, the store's courier and an agency need one of the buyer's sites.
 */
export const deliveryChoiceSchema = z
  .object({ ...methodFields, siteId: idSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.method !== 'pickup' && !value.siteId) {
      ctx.addIssue({ code: 'custom', message: text.deliverySiteRequired, path: ['siteId'] });
    }
    checkAgency(value, ctx);
  })
  .transform((value) => ({
    ...normalizedMethod(value),
    siteId: value.method === 'pickup' ? undefined : value.siteId,
  }));
export type DeliveryChoiceFormValues = z.input<typeof deliveryChoiceSchema>;
export type DeliveryChoiceInput = z.output<typeof deliveryChoiceSchema>;

/** A Montevideo day the person picked ('2025-03-14'); the service compares it with today. */
const daySchema = z
  .string()
  .max(10, 'Ingresá una fecha válida')
  .refine(isCalendarDay, 'Ingresá una fecha válida');

/** 'Registrar despacho': per line the units leaving now, how, and on which day. */
export const dispatchInputSchema = z
  .object({
    orderId: idSchema,
    lines: z
      .array(
        z.object({
          lineKey: z.string().max(11).regex(LINE_KEY, text.dispatchLineUnknown),
          quantity: z
            .number({ message: 'Ingresá una cantidad' })
            .int('La cantidad debe ser un número entero')
            .min(0, 'La cantidad no puede ser negativa')
            .max(DISPATCH_MAX_QUANTITY, 'La cantidad es demasiado grande'),
        }),
      )
      .max(DISPATCH_MAX_LINES)
      .refine((lines) => lines.some((line) => line.quantity > 0), text.dispatchNothing)
      .refine(
        (lines) => new Set(lines.map((line) => line.lineKey)).size === lines.length,
        text.dispatchLineUnknown,
      ),
    /** Another site of the buyer's book than the order's (the rest goes elsewhere). */
    siteId: idSchema.optional(),
    ...methodFields,
    trackingNumber: boundedText(
      TRACKING_NUMBER_MAX,
      `El número de guía no debe exceder los ${TRACKING_NUMBER_MAX} caracteres`,
    ).optional(),
    dispatchedOn: daySchema,
  })
  .superRefine(checkAgency)
  .transform(({ method, agency, agencyName, freightCollect, ...rest }) => ({
    ...rest,
    ...normalizedMethod({ method, agency, agencyName, freightCollect }),
    trackingNumber: rest.trackingNumber || undefined,
  }));
export type DispatchFormValues = z.input<typeof dispatchInputSchema>;
export type DispatchInput = z.output<typeof dispatchInputSchema>;

/** 'Marcar entregado': who received it and on which day. */
export const deliveredInputSchema = z.object({
  dispatchId: idSchema,
  receivedBy: requiredText(
    RECEIVED_BY_MAX,
    text.receivedByRequired,
    `El nombre no debe exceder los ${RECEIVED_BY_MAX} caracteres`,
  ),
  deliveredOn: daySchema,
});
export type DeliveredInput = z.infer<typeof deliveredInputSchema>;

/** 'Confirmar recepción', by the buyer. */
export const confirmReceiptInputSchema = z.object({ dispatchId: idSchema });

/** Cancels what has not left of an order, with the reason the buyer reads. */
export const cancelRemainderInputSchema = z.object({
  orderId: idSchema,
  reason: requiredText(
    REMAINDER_REASON_MAX,
    text.remainderReasonRequired,
    `El motivo no debe exceder los ${REMAINDER_REASON_MAX} caracteres`,
  ),
});
export type CancelRemainderInput = z.infer<typeof cancelRemainderInputSchema>;

/** A Nota de entrega's file: a dispatch of an order the caller may read. */
export const dispatchIdInputSchema = z.object({ dispatchId: idSchema });
