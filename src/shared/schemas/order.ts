import { z } from 'zod';
import {
  DISPATCH_FILTERS,
  isCalendarDay,
  isDayRangeReversed,
  ORDER_SEARCH_MAX,
} from '../order-filters';
import { messages } from '../client-messages';
import { ORDER_STATUSES, STATUS_REASON_MAX } from '../order-status';
import { addressInputSchema, type AddressInput } from './address';
import { companyFieldsSchema } from './company';
import { boundedText, emailSchema, idSchema } from './common';
import { deliveryChoiceSchema } from './fulfilment';
import { deskPageSizeSchema, pageSchema } from './page';
import { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY } from '../quote-limits';

export { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY };
export const QUOTE_PHONE_MAX = 30;
export const QUOTE_MESSAGE_MAX = 2000;
/** A checkout attempt's key (the client makes a UUID). */
export const IDEMPOTENCY_KEY_MAX = 100;
/**
 * What one raw address field may hold before the address rules (with their own, smaller
 * limits and messages) look at it.
 */
export const ADDRESS_FIELD_MAX = 500;

export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

/** A page of the buyer's orders ('Mis pedidos' or the company's), optionally 'Por recibir' only. */
export const accountOrdersInputSchema = z.object({
  page: pageSchema,
  awaitingReceipt: z.boolean().optional(),
});
export type AccountOrdersInput = z.input<typeof accountOrdersInputSchema>;

const QUOTE_EMAIL_MESSAGE = 'Ingresá un correo válido';

export const quoteItemSchema = z.object({
  variantId: idSchema,
  quantity: z
    .number()
    .int('La cantidad debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(QUOTE_MAX_QUANTITY, `La cantidad máxima es ${QUOTE_MAX_QUANTITY}`),
  /**
   * 'Consultar disponibilidad': quoted without stock, so it reserves none; staff answer its
   * price and delivery date in the revision.
   */
  backorder: z.boolean().optional(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

/** The address fields as the form holds them: every one may be blank. */
const addressFieldSchema = z
  .string()
  .max(ADDRESS_FIELD_MAX, `El campo no debe exceder los ${ADDRESS_FIELD_MAX} caracteres`);
export const addressFieldsSchema = z.object({
  addressLine1: addressFieldSchema,
  addressLine2: addressFieldSchema,
  city: addressFieldSchema,
  state: addressFieldSchema,
  postalCode: addressFieldSchema,
  country: addressFieldSchema,
});
export type AddressFields = z.infer<typeof addressFieldsSchema>;

export const emptyAddressFields: AddressFields = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/**
 * The shipping address is optional (docs/decisions/019-optional-shipping-address.md): all
 * blank means none, and as soon as one field is filled the address rules apply to all of them.
 */
export const optionalAddressSchema = addressFieldsSchema
  .partial()
  .optional()
  .transform((fields, ctx): AddressInput | undefined => {
    if (!fields || Object.values(fields).every((value) => !value?.trim())) return undefined;
    // A field left out counts as blank, so it gets its Spanish "requerido" message.
    const filled = Object.fromEntries(
      Object.keys(emptyAddressFields).map((key) => [key, fields[key as keyof AddressFields] ?? '']),
    );
    const parsed = addressInputSchema.safeParse(filled);
    if (parsed.success) {
      const { addressLine2, postalCode, ...required } = parsed.data;
      return {
        ...required,
        addressLine2: addressLine2 || undefined,
        postalCode: postalCode || undefined,
      };
    }
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** What the customer types on the checkout page. */
export const quoteContactSchema = z.object({
  email: emailSchema(QUOTE_EMAIL_MESSAGE),
  phone: boundedText(
    QUOTE_PHONE_MAX,
    `El teléfono no debe exceder los ${QUOTE_PHONE_MAX} caracteres`,
  ).optional(),
  message: boundedText(
    QUOTE_MESSAGE_MAX,
    `El mensaje no debe exceder los ${QUOTE_MESSAGE_MAX} caracteres`,
  ).optional(),
  address: optionalAddressSchema,
  // How the order reaches the buyer (docs/decisions/081-address-book-and-delivery-choice.md);
  // the checkout always sends it, callers without a screen may leave it out.
  delivery: deliveryChoiceSchema.optional(),
  ...companyFieldsSchema.shape,
});
export type QuoteContactFormValues = z.input<typeof quoteContactSchema>;
export type QuoteContact = z.output<typeof quoteContactSchema>;

/**
 * orders.requestQuote: the cart lines (prices are never sent,
 * docs/decisions/015-server-authoritative-prices-and-stock.md) and the contact.
 */
export const quoteRequestInputSchema = quoteContactSchema.extend({
  items: z
    .array(quoteItemSchema)
    .min(1, 'Tu carro está vacío')
    .max(QUOTE_MAX_LINES, `Una cotización admite hasta ${QUOTE_MAX_LINES} productos`),
  // Created once per checkout attempt so a double click or a retry returns the first order.
  idempotencyKey: z.string().trim().min(8).max(IDEMPOTENCY_KEY_MAX),
  /**
   * The total the customer saw ('1049.00'): when the server's total differs, nothing is
   * created and the customer reviews the new one. Optional for callers without a screen.
   */
  expectedTotal: z
    .string()
    .max(16)
    .regex(/^\d{1,10}(\.\d{1,2})?$/)
    .optional(),
});
export type QuoteRequestInput = z.output<typeof quoteRequestInputSchema>;
/** What a client sends before parsing (the address may be left out entirely). */
export type QuoteRequestBody = z.input<typeof quoteRequestInputSchema>;

/** 'Asignar responsable': one order from its page, several from the list; null leaves none. */
export const assignOwnerInputSchema = z.object({
  orderIds: z.array(idSchema).min(1, 'Elegí al menos una orden').max(100),
  ownerId: idSchema.nullable(),
});
export type AssignOwnerInput = z.infer<typeof assignOwnerInputSchema>;

export const orderIdInputSchema = z.object({ id: idSchema });

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A day of the store's calendar typed in a date input ('2026-11-22'). */
export const calendarDaySchema = z.string().max(10, messages.invalidDay).refine(isCalendarDay, {
  message: messages.invalidDay,
});

const orderFilterFields = {
  status: orderStatusSchema.optional(),
  /** 'Despacho': one fulfilment state, or 'pendiente' for what still has to leave. */
  dispatch: z.enum(DISPATCH_FILTERS).optional(),
  /** Customer name, e-mail, company, or the order number ('#123' or '123'). */
  search: boundedText(
    ORDER_SEARCH_MAX,
    `La búsqueda no debe exceder los ${ORDER_SEARCH_MAX} caracteres`,
  ).optional(),
  /** Inclusive days of the store's time zone. */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
};

export const daysInOrder = (filter: { from?: string; to?: string }) =>
  !isDayRangeReversed(filter.from, filter.to);
export const reversedDays = { message: messages.dayRangeReversed, path: ['to'] };

/** The filters of the dashboard's orders list, shared by the list and its CSV export. */
export const adminOrdersFilterSchema = z
  .object(orderFilterFields)
  .refine(daysInOrder, reversedDays);
export type AdminOrdersFilter = z.output<typeof adminOrdersFilterSchema>;

export const adminOrdersInputSchema = z
  .object({
    ...orderFilterFields,
    page: pageSchema,
    pageSize: deskPageSizeSchema,
    /** 'Mis órdenes': only the caller's, as 'Responsable'. */
    mine: z.boolean().default(false),
  })
  .refine(daysInOrder, reversedDays);
export type AdminOrdersInput = z.input<typeof adminOrdersInputSchema>;

/** Required when the change releases stock (Cancelado): the service decides, it knows `from`. */
export const STATUS_REASON_REQUIRED = 'Escribí el motivo';
export const statusReasonSchema = boundedText(
  STATUS_REASON_MAX,
  `El motivo no debe exceder los ${STATUS_REASON_MAX} caracteres`,
);

export const setOrderStatusInputSchema = z.object({
  id: idSchema,
  status: orderStatusSchema,
  reason: statusReasonSchema.optional().transform((value) => value || undefined),
});
export type SetOrderStatusInput = z.infer<typeof setOrderStatusInputSchema>;
