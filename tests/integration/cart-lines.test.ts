import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, variants } from '@server/db/schema';
import { CART_LINES_MAX } from '@shared/schemas/catalog';
import { callerFor } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();

describe('catalog.cartLines', () => {
  it("answers every asked variant's current state, in the asked order, to visitors", async () => {
    const [gris, azul] = await createTestProduct(
      world.db,
      [
        { stock: 4, price: '1049.00', storage: '256 GB', colorName: 'Gris' },
        { stock: 0, price: '10.10', storage: '512 GB', colorName: 'Azul' },
      ],
      'Notebook Carrito',
    );
    const [gone] = await createTestProduct(world.db, [{ stock: 2, price: '5.00' }]);
    await world.db.update(variants).set({ price: '1199.00' }).where(eq(variants.id, gris!.id));
    await world.db.delete(products).where(eq(products.id, gone!.productId));

    const lines = await callerFor(world.deps, null).catalog.cartLines({
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
        // Without quantities, one unit: no volume price applies.
        unitPrice: '1199.00',
        stock: 4,
      },
    ]);
  });

  it('answers an empty cart with nothing and refuses more ids than a quote takes', async () => {
    const caller = callerFor(world.deps, null);
    expect(await caller.catalog.cartLines({ variantIds: [] })).toEqual([]);
    const tooMany = Array.from({ length: CART_LINES_MAX + 1 }, (_, index) => index + 1);
    await expect(caller.catalog.cartLines({ variantIds: tooMany })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
