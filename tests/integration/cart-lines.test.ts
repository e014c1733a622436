import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, variants } from '@server/db/schema';
import type { AppDeps } from '@server/trpc/context';
import { CART_LINES_MAX } from '@shared/schemas/catalog';
import { callerFor, createTestDeps } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let deps: AppDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(database.db);
});
afterAll(() => database.close());

describe('catalog.cartLines', () => {
  it("answers every asked variant's current state, in the asked order, to visitors", async () => {
    const [gris, azul] = await createTestProduct(
      database.db,
      [
        { stock: 4, price: '1049.00', storage: '256 GB', colorName: 'Gris' },
        { stock: 0, price: '10.10', storage: '512 GB', colorName: 'Azul' },
      ],
      'Notebook Carrito',
    );
    const [gone] = await createTestProduct(database.db, [{ stock: 2, price: '5.00' }]);
    await database.db.update(variants).set({ price: '1199.00' }).where(eq(variants.id, gris!.id));
    await database.db.delete(products).where(eq(products.id, gone!.productId));

    const lines = await callerFor(deps, null).catalog.cartLines({
      variantIds: [azul!.id, gone!.id, gris!.id],
    });

    expect(lines).toEqual([
      expect.objectContaining({ variantId: azul!.id, exists: true, stock: 0, price: '10.10' }),
      { variantId: gone!.id, exists: false },
      {
        variantId: gris!.id,
        exists: true,
        productName: 'Notebook Carrito',
        productSlug: expect.stringMatching(/^producto-/) as string,
        image: expect.stringMatching(/a-1200\.webp$/) as string,
        colorName: 'Gris',
        storage: '256 GB',
        price: '1199.00',
        stock: 4,
      },
    ]);
  });

  it('answers an empty cart with nothing and refuses more ids than a quote takes', async () => {
    const caller = callerFor(deps, null);
    expect(await caller.catalog.cartLines({ variantIds: [] })).toEqual([]);
    const tooMany = Array.from({ length: CART_LINES_MAX + 1 }, (_, index) => index + 1);
    await expect(caller.catalog.cartLines({ variantIds: tooMany })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
