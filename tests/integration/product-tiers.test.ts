// Volume prices set once for a whole product (docs/decisions/093-volume-tiers-for-a-whole-product.md):
// they price every variant without tiers of its own in the cart and the quote, a variant's own
// replace them, the cards and pricing.shop (one unit, where no tier reaches) stay the one price
// function's, the activity log has a line per tier added, changed or removed, and the form's
// messages sit at the field.
import { asc, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import {
  auditLog,
  brands,
  categories,
  orderItems,
  orders,
  productPriceTiers,
  variants,
} from '@server/db/schema';
import { buyerOf, priceLines } from '@server/services/pricing/pricing';
import { fieldLabel, valueText } from '@client/features/dashboard-activity/change-text';
import { sumOfLines } from '@shared/money';
import type { ProductFormValues } from '@shared/schemas/product';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { addRule, newCompany, setCompanyOf } from '../support/pricing';
import { pngImage, postMultipart, sampleProduct } from '../support/uploads';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let deps: AppDeps;
let member: SessionUser;
let brandId: number;
let categoryId: number;
let productId: number;
/** Two variants on the product's tiers (1000.00 and 2000.00), one with its own (500.00). */
let onProduct: [number, number];
let ownTiers: number;

const save = async (product: ProductFormValues, id?: number) =>
  postMultipart(world.app, id ? `/api/admin/products/${id}` : '/api/admin/products', {
    fields: { product: JSON.stringify(product) },
    files: id ? [] : [{ field: 'nueva-a', name: 'a.png', data: await pngImage() }],
    cookie: world.adminCookie,
  });

const productTiers = [
  { minQuantity: 10, percentOff: 5 },
  { minQuantity: 50, percentOff: 12.5 },
];

function tieredProduct(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return sampleProduct(
    { brandId, categoryId },
    {
      name: 'Switch 24 bocas',
      slug: 'switch-24-bocas',
      tiers: productTiers,
      variants: [
        { stock: 500, price: 1000, storage: 'Gestionable', color: '#000000', colorName: 'Negro' },
        { stock: 500, price: 2000, storage: 'PoE', color: '#000000', colorName: 'Negro' },
        {
          stock: 500,
          price: 500,
          storage: 'Básico',
          color: '#ffffff',
          colorName: 'Blanco',
          tiers: [{ minQuantity: 20, percentOff: 8 }],
        },
      ],
      ...overrides,
    },
  );
}

/** The product as the edit form loads it, ready to send back with changes. */
async function storedForm(overrides: Partial<ProductFormValues>): Promise<ProductFormValues> {
  const stored = await world.db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.id));
  const page = await callerFor(world.deps).catalog.get({ slug: 'switch-24-bocas' });
  return tieredProduct({
    images: page!.images.map((url) => ({ url })),
    variants: stored.map((variant, index) => ({
      id: variant.id,
      stockRead: variant.stock,
      stock: variant.stock,
      price: Number(variant.price),
      storage: variant.storage,
      color: variant.color,
      colorName: variant.colorName,
      tiers: index === 2 ? [{ minQuantity: 20, percentOff: 8 }] : [],
    })),
    ...overrides,
  });
}

beforeAll(async () => {
  deps = createTestDeps(world.db, { env: { MAX_HELD_UNITS: '1000' } });
  member = await createTestUser(deps, { fullName: 'Compras Acme' });
  const companyId = await newCompany(world.db, 'Acme S.A.');
  await setCompanyOf(world.db, member.customer!.id, companyId);
  // 3 % on everything: less than the product's 5 % from 10 units, more than nothing at one.
  await addRule(world.db, { companyId, kind: 'all', percentOff: '3' });
  const [brand] = await world.db.insert(brands).values({ name: 'Marca Tramos' }).returning();
  const [category] = await world.db.insert(categories).values({ name: 'Redes' }).returning();
  brandId = brand!.id;
  categoryId = category!.id;
  const created = await save(tieredProduct());
  expect(created.status).toBe(201);
  productId = created.body.id as number;
  const rows = await world.db
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.id));
  onProduct = [rows[0]!.id, rows[1]!.id];
  ownTiers = rows[2]!.id;
});

describe('a product’s volume prices', () => {
  it('price every variant without tiers of its own in the cart and the quote; a variant’s own replace them', async () => {
    const lines = [
      { variantId: onProduct[0], quantity: 10 },
      { variantId: onProduct[1], quantity: 50 },
      // Its own tiers start at 20: the product's 5 % from 10 does not reach it, the rule does.
      { variantId: ownTiers, quantity: 10 },
    ];
    const mine = await callerFor(deps, member).pricing.forMe({ lines });
    expect(mine.map(({ unitPrice, rule }) => [unitPrice, rule?.label])).toEqual([
      ['950.00', 'Desde 10 unidades: 5 %'],
      ['1750.00', 'Desde 50 unidades: 12,5 %'],
      ['485.00', 'Todo el catálogo: 3 %'],
    ]);
    const { id } = await callerFor(deps, member).orders.requestQuote({
      items: lines,
      email: 'compras@acme.uy',
      idempotencyKey: `tramos-${Date.now()}`,
    });
    const items = await world.db
      .select({ variantId: orderItems.variantId, price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.variantId));
    expect(items.map((item) => item.price)).toEqual(['950.00', '1750.00', '485.00']);
    const [order] = await world.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.totalAmount).toBe(
      sumOfLines(mine.map((line) => ({ price: line.unitPrice, quantity: line.quantity }))),
    );
    // Anyone at 20 units of the variant with its own tiers: its 8 %, not the product's 5 %.
    const [own] = await priceLines(
      world.db,
      null,
      [{ variantId: ownTiers, quantity: 20 }],
      new Date(),
    );
    expect(own!.unitPrice).toBe('460.00');
  });

  it('shows each variant the tiers that price it on the product page', async () => {
    const page = await callerFor(world.deps).catalog.get({ slug: 'switch-24-bocas' });
    const byId = new Map(page!.variants.map((variant) => [variant.id, variant.tiers]));
    expect(byId.get(onProduct[1])).toEqual([
      { minQuantity: 10, percentOff: '5.00', unitPrice: '1900.00' },
      { minQuantity: 50, percentOff: '12.50', unitPrice: '1750.00' },
    ]);
    expect(byId.get(ownTiers)).toEqual([
      { minQuantity: 20, percentOff: '8.00', unitPrice: '460.00' },
    ]);
  });

  it('leaves a member’s cards and pricing.shop at the one-unit price, where no tier reaches', async () => {
    const buyer = await buyerOf(world.db, member.customer!.id);
    const atOne = await priceLines(
      world.db,
      buyer,
      [...onProduct, ownTiers].map((variantId) => ({ variantId, quantity: 1 })),
      new Date(),
    );
    const cards = await callerFor(deps, member).pricing.cards({ productIds: [productId] });
    expect(cards.map((line) => [line.variantId, line.unitPrice]).sort()).toEqual(
      atOne.map((line) => [line.variantId, line.unitPrice]).sort(),
    );
    expect(cards.find((line) => line.variantId === onProduct[0])!.unitPrice).toBe('970.00');
    // The member's card price (485.00) is under 490; the list price (500.00) is not.
    const shop = await callerFor(deps, member).pricing.shop({
      sort: 'asc',
      maxPrice: 490,
      brandIds: [brandId],
    });
    expect(shop.items.map((card) => card.id)).toEqual([productId]);
  });
});

describe('the activity log', () => {
  it('has a line for each tier added, changed or removed, the product’s and a variant’s', async () => {
    const resaved = await save(
      await storedForm({
        tiers: [
          { minQuantity: 10, percentOff: 6 },
          { minQuantity: 100, percentOff: 15 },
        ],
      }).then((form) => ({
        ...form,
        variants: form.variants.map((variant, index) =>
          index === 2 ? { ...variant, tiers: [] } : variant,
        ),
      })),
      productId,
    );
    expect(resaved.status).toBe(200);
    const [entry] = await world.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(productId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const changes = entry!.changes as Record<string, { before: unknown; after: unknown }>;
    const lines = Object.entries(changes).map(
      ([key, change]) =>
        `${fieldLabel(key)}: ${valueText(key, change.before)} → ${valueText(key, change.after)}`,
    );
    expect(lines.sort()).toEqual([
      'Precio por volumen desde 10 unidades (todas las variantes): 5 % de descuento → 6 % de descuento',
      'Precio por volumen desde 100 unidades (todas las variantes): Sin descuento → 15 % de descuento',
      'Precio por volumen desde 20 unidades (variante Básico / Blanco): 8 % de descuento → Sin descuento',
      'Precio por volumen desde 50 unidades (todas las variantes): 12,5 % de descuento → Sin descuento',
    ]);
    // With no tiers of its own left, the variant is priced by the product's.
    const [now] = await priceLines(
      world.db,
      null,
      [{ variantId: ownTiers, quantity: 10 }],
      new Date(),
    );
    expect(now).toMatchObject({ unitPrice: '470.00', rule: { kind: 'tier' } });
  });
});

describe('the form’s messages', () => {
  it('says at each field what is wrong with a tier, and saves nothing', async () => {
    const refused = await save(
      await storedForm({
        name: 'No se guarda',
        tiers: [
          { minQuantity: 1, percentOff: 5 },
          { minQuantity: 10, percentOff: 0 },
          { minQuantity: 10, percentOff: 100 },
        ],
      }),
      productId,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      'tiers.0.minQuantity': ['El precio por volumen empieza en 2 unidades o más'],
      'tiers.1.percentOff': ['El descuento debe ser mayor a 0 %'],
      'tiers.2.minQuantity': ['Ya hay un precio por volumen desde esta cantidad'],
      'tiers.2.percentOff': ['El descuento debe ser menor a 100 %'],
    });
    const stored = await world.db
      .select({ minQuantity: productPriceTiers.minQuantity })
      .from(productPriceTiers)
      .where(eq(productPriceTiers.productId, productId))
      .orderBy(asc(productPriceTiers.minQuantity));
    expect(stored.map((tier) => tier.minQuantity)).toEqual([10, 100]);
  });
});
