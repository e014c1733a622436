// Prices an import changes: above 3x or below a third they are flagged in the preview and the
// apply needs them confirmed; every changed price is kept in the activity log, before → after.
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { products, variants } from '@server/db/schema';
import { isUnusualPriceChange } from '@server/services/catalog/csv/import-plan';
import { importMessages } from '@shared/messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
  type ImportPreview,
} from '@shared/schemas/catalog-import';
import { latestImportChanges } from '../support/catalog-import';
import { SAME_ORIGIN } from '../support/http';
import { useTestApp } from '../support/test-app';
import { postMultipart } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });

type Row = Record<string, string>;

async function productRows(slug: string) {
  const response = await world.app.inject({
    url: '/api/admin/catalog.csv',
    headers: { cookie: world.adminCookie, ...SAME_ORIGIN },
  });
  return parse<Row>(response.body, {
    bom: true,
    delimiter: ';',
    columns: true,
    record_delimiter: '\r\n',
  }).filter((row) => row.slug === slug);
}

const csvOf = (rows: Row[]) =>
  stringify(rows, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true });

const file = (text: string) => ({
  field: 'archivo',
  name: 'precios.csv',
  data: Buffer.from(text),
  type: 'text/csv',
});

async function preview(text: string) {
  const answer = await postMultipart(world.app, CATALOG_IMPORT_PREVIEW_URL, {
    fields: { crearTaxonomias: 'false' },
    files: [file(text)],
    cookie: world.adminCookie,
  });
  return answer.body as unknown as ImportPreview;
}

async function apply(text: string, seen: ImportPreview, confirmed?: boolean) {
  return postMultipart(world.app, CATALOG_IMPORT_APPLY_URL, {
    fields: {
      crearTaxonomias: 'false',
      stockLeido: JSON.stringify(seen.stockRead),
      ...(confirmed === undefined ? {} : { confirmarPrecios: String(confirmed) }),
    },
    files: [file(text)],
    cookie: world.adminCookie,
  });
}

const priceOf = async (id: number) =>
  (await world.db.select({ price: variants.price }).from(variants).where(eq(variants.id, id)))[0]!
    .price;

async function product() {
  const list = await createTestProduct(world.db, [
    { stock: 3, price: '169.00', storage: '256 GB', colorName: 'Gris' },
    { stock: 3, price: '300.00', storage: '512 GB', colorName: 'Gris' },
    { stock: 3, price: '50.00', storage: '1 TB', colorName: 'Gris' },
  ]);
  const [row] = await world.db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, list[0]!.productId));
  return { variants: list, ...row! };
}

describe('unusual price changes in an import', () => {
  it('counts above three times or below a third as unusual, exactly 3x not', () => {
    expect(isUnusualPriceChange('169.00', '16900.00')).toBe(true);
    expect(isUnusualPriceChange('300.00', '99.99')).toBe(true);
    expect(isUnusualPriceChange('300.00', '100.00')).toBe(false);
    expect(isUnusualPriceChange('100.00', '300.00')).toBe(false);
    expect(isUnusualPriceChange('100.00', '300.01')).toBe(true);
  });

  it('flags them in the preview, refuses the apply until confirmed, then logs every price', async () => {
    const { variants: list, slug, name } = await product();
    const rows = await productRows(slug);
    rows[0]!.precio = '16900.00'; // cents typed as dollars
    rows[1]!.precio = '320.00'; // an ordinary change
    rows[2]!.precio = '15.00'; // below a third
    const text = csvOf(rows);

    const seen = await preview(text);
    expect(seen.counts.update).toBe(3);
    expect(seen.unusualPrices).toEqual([
      expect.objectContaining({
        variant: '256 GB / Gris',
        before: '169.00',
        after: '16900.00',
        warning: 'Cambio de precio inusual: US$ 169,00 → US$ 16.900,00',
      }),
      expect.objectContaining({
        variant: '1 TB / Gris',
        warning: 'Cambio de precio inusual: US$ 50,00 → US$ 15,00',
      }),
    ]);

    for (const confirmed of [undefined, false]) {
      const refused = await apply(text, seen, confirmed);
      expect(refused).toMatchObject({
        status: 400,
        body: { fieldErrors: { archivo: [importMessages.unusualPricesUnconfirmed(2)] } },
      });
      expect(await priceOf(list[0]!.id)).toBe('169.00');
      expect(await priceOf(list[1]!.id)).toBe('300.00');
    }

    const applied = await apply(text, seen, true);
    expect(applied).toMatchObject({ status: 200, body: { updated: 3 } });
    expect(await priceOf(list[0]!.id)).toBe('16900.00');
    expect(await latestImportChanges(world.db)).toMatchObject({
      updated: { before: null, after: 3 },
      [`price:${name} (256 GB / Gris)`]: { before: '169.00', after: '16900.00' },
      [`price:${name} (512 GB / Gris)`]: { before: '300.00', after: '320.00' },
      [`price:${name} (1 TB / Gris)`]: { before: '50.00', after: '15.00' },
    });
  });

  it('applies ordinary price changes without asking', async () => {
    const { variants: list, slug } = await product();
    const rows = await productRows(slug);
    rows[0]!.precio = '180.00';
    const text = csvOf(rows);
    const seen = await preview(text);
    expect(seen.unusualPrices).toEqual([]);
    expect(await apply(text, seen)).toMatchObject({ status: 200, body: { updated: 1 } });
    expect(await priceOf(list[0]!.id)).toBe('180.00');
  });
});
