// Inputs of negotiated prices and the buyer's shortcuts: the buyer's own prices, the quick
// order, purchase lists and staff's company price rules
// (docs/decisions/062-most-favourable-price-wins.md, docs/decisions/064-skus.md).
import { z } from 'zod';
import { messages } from '../client-messages';
import { CART_LINES_MAX } from './catalog';
import { ID_MAX, idSchema, requiredText } from './common';
import { QUOTE_MAX_QUANTITY } from './order';
import { amountTextSchema } from './money';
import { PRICE_MAX, PRICE_MIN, SKU_MAX } from './product';

const quantitySchema = z
  .number()
  .int('La cantidad debe ser un número entero')
  .min(1, 'La cantidad mínima es 1')
  .max(QUOTE_MAX_QUANTITY, `La cantidad máxima es ${QUOTE_MAX_QUANTITY}`);

export const buyerLineSchema = z.object({ variantId: idSchema, quantity: quantitySchema });
export type BuyerLineInput = z.infer<typeof buyerLineSchema>;

/** pricing.forMe: the variants and quantities whose price the signed-in buyer wants to see. */
export const pricingForMeInputSchema = z.object({
  lines: z.array(buyerLineSchema).max(CART_LINES_MAX),
});
export type PricingForMeInput = z.infer<typeof pricingForMeInputSchema>;

/** The most cards one screen asks 'Tu precio' for: a shop page is 12, home 8. */
export const CARD_PRICES_PRODUCTS_MAX = 48;

/** pricing.cards: the products whose cards are on screen (docs/decisions/089-*.md). */
export const pricingCardsInputSchema = z.object({
  productIds: z.array(idSchema).max(CARD_PRICES_PRODUCTS_MAX),
});
export type PricingCardsInput = z.infer<typeof pricingCardsInputSchema>;

/** quickOrder.resolve: 'SKU cantidad' lines as /pedido-rapido read them. */
export const quickOrderInputSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: requiredText(
          SKU_MAX,
          'Escribí un SKU',
          `El SKU no debe exceder los ${SKU_MAX} caracteres`,
        ),
        quantity: quantitySchema,
      }),
    )
    .min(1, 'Escribí al menos un SKU')
    .max(CART_LINES_MAX, `Un pedido rápido admite hasta ${CART_LINES_MAX} líneas`),
});
export type QuickOrderInput = z.infer<typeof quickOrderInputSchema>;

export const PURCHASE_LIST_NAME_MAX = 60;
/** Saved lists one customer may keep: each is a cart, so a handful is plenty. */
export const PURCHASE_LISTS_MAX = 50;

/** lists.create: the cart saved under a name ('Listas de compra'). */
export const purchaseListInputSchema = z.object({
  name: requiredText(
    PURCHASE_LIST_NAME_MAX,
    'Poné un nombre a la lista',
    `El nombre no debe exceder los ${PURCHASE_LIST_NAME_MAX} caracteres`,
  ),
  items: z
    .array(buyerLineSchema)
    .min(1, 'El carro está vacío: no hay nada que guardar')
    .max(CART_LINES_MAX, `Una lista admite hasta ${CART_LINES_MAX} productos`)
    .refine(
      (items) => new Set(items.map((item) => item.variantId)).size === items.length,
      'Un mismo producto aparece dos veces',
    ),
});
export type PurchaseListInput = z.infer<typeof purchaseListInputSchema>;

/** A saved list: `listId`, never `id`, which the store's order procedures take. */
export const listIdInputSchema = z.object({ listId: idSchema });

const PERCENT_MESSAGE = 'El descuento debe ser un porcentaje mayor a 0 y menor a 100';
const PERCENT_REQUIRED = 'Ingresá el descuento';
const PRICE_REQUIRED = 'Ingresá el precio';

// Typed the Uruguayan way ('12,5', '1.150,50'), read by the one money parser
// (docs/decisions/052-money-typed-the-uruguayan-way.md); the output is '12.50', '1150.50'.
const percentOffSchema = amountTextSchema({
  invalid: messages.discountInputInvalid,
  required: PERCENT_REQUIRED,
  min: { amount: '0.01', message: PERCENT_MESSAGE },
  max: { amount: '99.99', message: PERCENT_MESSAGE },
});
const fixedPriceSchema = amountTextSchema({
  required: PRICE_REQUIRED,
  min: { amount: PRICE_MIN, message: 'El precio debe ser mayor a 0' },
  max: { amount: PRICE_MAX, message: 'El precio es demasiado alto' },
});

/** The brand or category a rule names: its own message when none was chosen. */
const targetIdSchema = (required: string) =>
  z.number({ error: required }).int().positive().max(ID_MAX);

/** What every rule has: its company and its last day, inclusive (none: no end). */
const ruleBase = {
  companyId: idSchema,
  endsOn: z.iso.date('Ingresá una fecha válida').max(10, 'Ingresá una fecha válida').optional(),
};

/**
 * admin.priceRules.create, and the form that adds one: a company's rule, one shape per kind.
 * A brand or a category takes a percentage off its products, the whole catalogue a
 * percentage, a variant (by its SKU) a fixed price. The fields of the other kinds are dropped.
 */
export const priceRuleInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...ruleBase,
      kind: z.literal('brand'),
      brandId: targetIdSchema('Elegí una marca'),
      percentOff: percentOffSchema,
    }),
    z.object({
      ...ruleBase,
      kind: z.literal('category'),
      categoryId: targetIdSchema('Elegí una categoría'),
      percentOff: percentOffSchema,
    }),
    z.object({ ...ruleBase, kind: z.literal('all'), percentOff: percentOffSchema }),
    z.object({
      ...ruleBase,
      kind: z.literal('variant'),
      sku: requiredText(
        SKU_MAX,
        'Escribí el SKU del producto',
        `El SKU no debe exceder los ${SKU_MAX} caracteres`,
      ),
      fixedPrice: fixedPriceSchema,
    }),
  ],
  { error: 'Elegí a qué se aplica' },
);
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;
export type PriceRuleFormValues = z.input<typeof priceRuleInputSchema>;
export type PriceRuleKind = PriceRuleInput['kind'];
/** The kinds in the order the form offers them. */
export const PRICE_RULE_KINDS = [
  'brand',
  'category',
  'all',
  'variant',
] as const satisfies readonly PriceRuleKind[];

export const companyIdInputSchema = z.object({ companyId: idSchema });
export const priceRuleIdInputSchema = z.object({ id: idSchema });

/** admin.orders.prices: the revision editor's default prices, for the order's customer. */
export const orderPricesInputSchema = z.object({
  orderId: idSchema,
  lines: z.array(buyerLineSchema).max(CART_LINES_MAX),
});
