import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { slugify } from '@shared/slug';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, expectToast, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

/** The slug the form proposes for a name (what the admin left untouched). */
const slugOf = (name: string) => slugify(name);

// What the store's own pages send with every write; without it the server refuses (403).
const SAME_ORIGIN = { origin: E2E_BASE_URL };

const imagesDir = mkdtempSync(path.join(tmpdir(), 'admin-catalog-images-'));

/** Real PNG files made at test time: nothing binary is committed. */
async function pngFile(name: string, color: string, width = 900, height = 700) {
  const file = path.join(imagesDir, name);
  await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toFile(file);
  return file;
}

/** The admin products list through tRPC over HTTP, as the browser calls it. */
async function adminProductTotal(request: APIRequestContext, search = '') {
  const input = encodeURIComponent(JSON.stringify({ json: { page: 1, search } }));
  const response = await request.get(`/trpc/admin.products.list?input=${input}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { json: { total: number } } } }).result.data
    .json.total;
}

function validProductJson(name: string) {
  return JSON.stringify({
    name,
    slug: 'no-deberia-existir',
    brandId: 1,
    categoryId: 1,
    features: [],
    description: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texto' }] }],
    },
    variants: [{ stock: 1, price: 10, storage: '64 GB', color: '#000', colorName: 'Negro' }],
    images: [{ upload: 'nueva-a' }],
  });
}

const postProduct = (
  request: APIRequestContext,
  file: { name: string; mimeType: string; buffer: Buffer },
) =>
  request.post('/api/admin/products', {
    headers: SAME_ORIGIN,
    multipart: { product: validProductJson('Intruso'), 'nueva-a': file },
  });

async function fillVariant(page: Page, index: number, values: Record<string, string>) {
  const row = page.getByRole('group', { name: `Variante ${index + 1}` });
  for (const [label, value] of Object.entries(values)) {
    await row.getByLabel(label, { exact: true }).fill(value);
  }
}

test.describe('dashboard catalogue', () => {
  test('an admin creates, finds, edits and deletes a product with images', async ({ page }) => {
    const name = `Router Empresarial ${Date.now()}`;
    const front = await pngFile('frente.png', '#1d4ed8');
    const back = await pngFile('dorso.png', '#16a34a');
    await loginAsAdmin(page);
    await page.goto('/dashboard/productos');
    await page.getByRole('link', { name: 'Agregar Producto' }).click();
    await expect(page.getByRole('heading', { name: 'Agregar Producto' })).toBeVisible();

    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await expect(page.getByLabel('Dirección web')).toHaveValue(/^router-empresarial-\d+$/);
    await page.getByLabel('Marca').selectOption({ label: 'TP-Link' });
    await page.getByLabel('Categoría').selectOption({ label: 'Redes' });
    await page.getByLabel('Características', { exact: true }).fill('Wi-Fi 6');
    await page.getByLabel('Características', { exact: true }).press('Enter');
    await page.getByLabel('Características', { exact: true }).fill('Gestión en la nube');
    await page.getByRole('button', { name: 'Añadir' }).click();
    await expect(page.getByRole('list', { name: 'Características del producto' })).toContainText(
      'Gestión en la nube',
    );

    // The new variant starts at NEW_VARIANT_DEFAULTS (docs/product.md#dashboard-productos-form).
    const first = page.getByRole('group', { name: 'Variante 1' });
    await expect(first.getByLabel('Nombre del color')).toHaveValue('Negro');
    await expect(first.getByLabel('Color', { exact: true })).toHaveValue('#000000');
    await fillVariant(page, 0, { Stock: '5', 'Precio (US$)': '189.90', Almacenamiento: 'AX3000' });
    await page.getByRole('button', { name: 'Agregar variante' }).click();
    await fillVariant(page, 1, {
      Stock: '2',
      'Precio (US$)': '149.50',
      Almacenamiento: 'AX1800',
      Color: '#ffffff',
      'Nombre del color': 'Blanco',
    });

    await page.getByLabel('Subir imágenes').setInputFiles([front, back]);
    await expect(page.getByAltText('Vista previa: frente.png')).toBeVisible();
    await page.getByRole('button', { name: 'Mover dorso.png a la izquierda' }).click();
    await expect(
      page.getByRole('list', { name: 'Imágenes del producto' }).getByRole('img').first(),
    ).toHaveAttribute('alt', 'Vista previa: dorso.png');

    const editor = page.getByRole('textbox', { name: 'Descripción' });
    await editor.click();
    await page.getByRole('button', { name: 'Título 2' }).click();
    await page.keyboard.type('Conectividad total');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await page.keyboard.type('Rápido y seguro');

    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expectToast(page, 'Producto creado');
    await expect(page).toHaveURL(/\/dashboard\/productos$/);

    // Found by the table search, whose variant select drives price and stock.
    await page.getByLabel('Buscar productos').fill(name);
    await expect(page.getByText(`1 producto(s) encontrado(s) para "${name}"`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('US$ 189,90');
    await row.getByLabel(`Variante de ${name}`).selectOption({ label: 'Blanco - AX1800' });
    await expect(row).toContainText('US$ 149,50');
    await expect(row.locator('img')).toHaveAttribute('src', /-400\.webp$/);

    // The shop lists it by its lowest variant price (149,50), whatever colour its card shows.
    const search = encodeURIComponent(name);
    await page.goto(`/tienda?search=${search}&max=150`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toBeVisible();
    await card.getByRole('radio', { name: 'Blanco' }).click();
    await expect(card).toContainText('US$ 149,50');
    await page.goto(`/tienda?search=${search}&max=149`);
    await expect(page.getByText(`0 producto(s) encontrado(s) para "${name}"`)).toBeVisible();

    // Edit: the description kept its formatting; the price changes.
    await page.goto(`/dashboard/productos?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Acciones de ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Producto' })).toBeVisible();
    await expect(editor.locator('h2')).toHaveText('Conectividad total');
    await expect(editor.locator('strong')).toHaveText('Rápido y seguro');
    await expect(
      page.getByRole('list', { name: 'Imágenes del producto' }).getByRole('img'),
    ).toHaveCount(2);
    await fillVariant(page, 1, { 'Precio (US$)': '99.99' });
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expectToast(page, 'Producto actualizado');
    await expect(page).toHaveURL(/\/dashboard\/productos/);
    await page.getByLabel('Buscar productos').fill(name);
    const edited = page.getByRole('row').filter({ hasText: name });
    await edited.getByLabel(`Variante de ${name}`).selectOption({ label: 'Blanco - AX1800' });
    await expect(edited).toContainText('US$ 99,99');

    await page.getByRole('button', { name: `Acciones de ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expectToast(page, 'Producto eliminado correctamente');
    await expect(page.getByText('No hay productos')).toBeVisible();
    expect(await adminProductTotal(page.request, name)).toBe(0);
  });

  test('an admin sets volume prices for all the variants and the product page shows them', async ({
    page,
  }) => {
    const name = `Switch Tramos ${Date.now()}`;
    await loginAsAdmin(page);
    await page.goto('/dashboard/productos/new');
    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await page.getByLabel('Marca').selectOption({ label: 'TP-Link' });
    await page.getByLabel('Categoría').selectOption({ label: 'Redes' });
    await fillVariant(page, 0, { Stock: '50', 'Precio (US$)': '200', Almacenamiento: '8 bocas' });
    await page.getByRole('button', { name: 'Agregar variante' }).click();
    await fillVariant(page, 1, {
      Stock: '50',
      'Precio (US$)': '300',
      Almacenamiento: '16 bocas',
      Color: '#ffffff',
      'Nombre del color': 'Blanco',
    });
    await page.getByLabel('Subir imágenes').setInputFiles([await pngFile('switch.png', '#0f766e')]);
    await page.getByRole('textbox', { name: 'Descripción' }).click();
    await page.keyboard.type('Switch gestionable');

    // One set for every variant is the default: the variants' rows carry none of their own.
    await expect(page.getByRole('radio', { name: /Para todas las variantes/ })).toBeChecked();
    await expect(
      page.getByRole('group', { name: 'Variante 1' }).getByText('Precios por volumen'),
    ).toHaveCount(0);
    const tiers = page.getByRole('group', { name: 'Precios por volumen para todas las variantes' });
    const add = tiers.getByRole('button', { name: 'Agregar precio por volumen' });
    const tier = (row: number) =>
      tiers.getByRole('group', { name: `Precio por volumen ${row} de todas las variantes` });
    for (const [quantity, percent] of [
      ['1', '5'],
      ['10', '100'],
      ['10', '5'],
    ] as const) {
      await add.click();
      const last = tier(await tiers.getByRole('group').count());
      await last.getByLabel('Desde (unidades)').fill(quantity);
      await last.getByLabel('Descuento %').fill(percent);
    }
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expect(tier(1)).toContainText('El precio por volumen empieza en 2 unidades o más');
    await expect(tier(2)).toContainText('El descuento debe ser menor a 100 %');
    await expect(tier(3)).toContainText('Ya hay un precio por volumen desde esta cantidad');
    await tiers.scrollIntoViewIfNeeded();
    await screenshots(page, 'product-form-tiers-errors');
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await tiers.locator('xpath=ancestor::div[contains(@class, "p-4")][1]').screenshot({
        path: `/tmp/shots/wp-tiers/tiers-card-errors-${width}.png`,
      });
    }

    await tier(1).getByLabel('Desde (unidades)').fill('20');
    await tier(1).getByLabel('Descuento %').fill('12,5');
    await tier(2).getByLabel('Descuento %').fill('5');
    await page
      .getByRole('button', { name: 'Quitar precio por volumen 3 de todas las variantes' })
      .click();
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expectToast(page, 'Producto creado');

    // Both variants are priced by the product's tiers, each from its own list price.
    await page.goto(`/producto/${slugOf(name)}`);
    const table = page.getByRole('table').filter({ hasText: 'Desde 10 unidades' });
    await expect(page.getByRole('heading', { name: 'Precios por volumen' })).toBeVisible();
    await expect(table).toContainText('US$ 190,00');
    await expect(table).toContainText('US$ 175,00');
    await page
      .getByRole('radiogroup', { name: 'Color', exact: true })
      .getByRole('radio', { name: 'Blanco' })
      .click();
    await expect(table).toContainText('US$ 285,00');
    await expect(table).toContainText('US$ 262,50');

    // The edit form opens on the product's tiers, as saved.
    await page.goto(`/dashboard/productos/editar/${slugOf(name)}`);
    await expect(page.getByRole('radio', { name: /Para todas las variantes/ })).toBeChecked();
    await expect(tier(1).getByLabel('Desde (unidades)')).toHaveValue('10');
    await expect(tier(2).getByLabel('Descuento %')).toHaveValue('12,50');
    await tiers.scrollIntoViewIfNeeded();
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await tiers.locator('xpath=ancestor::div[contains(@class, "p-4")][1]').screenshot({
        path: `/tmp/shots/wp-tiers/tiers-card-${width}.png`,
      });
    }
  });

  test('the form shows each message under its field and keeps a draft', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/dashboard/productos/new');
    await page.getByLabel('Dirección web').fill('Dirección Mala');
    await fillVariant(page, 0, {
      Stock: '-1',
      Color: 'azul',
      'Nombre del color': '',
    });
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    for (const message of [
      'El nombre del producto es obligatorio',
      'La dirección web solo puede tener minúsculas, números y guiones',
      'La marca es obligatoria',
      'La categoría es obligatoria',
      'El stock no puede ser negativo',
      // A new variant's price starts empty (typed text, src/shared/money-input.ts).
      'Ingresá el precio',
      'El almacenamiento es requerido',
      'El color debe ser un valor válido en formato hexadecimal, RGB o HSL',
      'El nombre del color es obligatorio',
      'Debe haber al menos una imagen',
      'La descripción no puede estar vacía',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Dirección web').fill('');
    await expect(page.getByText('El slug del producto es obligatorio')).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar variante 1' }).click();
    await expect(page.getByText('Debe haber al menos una variante')).toBeVisible();
    // Blank features are ignored, so the form never holds an empty one.
    await page.getByLabel('Características', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Añadir' }).click();
    await expect(page.getByText('Aún no hay características.')).toBeVisible();

    // The draft survives a reload and is dropped when leaving the form.
    await page.getByLabel('Nombre', { exact: true }).fill('Borrador de monitor');
    // The draft is written a moment after typing stops.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('product-draft') ?? ''))
      .toContain('Borrador de monitor');
    await page.reload();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Borrador de monitor');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/dashboard\/productos$/);
    await page.getByRole('link', { name: 'Agregar Producto' }).click();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('');
  });

  test('bad files are refused through the form and the route, and nothing is written', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const before = await adminProductTotal(page.request);
    const fake = path.join(imagesDir, 'no-es-imagen.png');
    writeFileSync(fake, 'esto es texto, no una imagen '.repeat(40));

    await page.goto('/dashboard/productos/new');
    await page.getByLabel('Nombre', { exact: true }).fill('Producto con archivo falso');
    await page.getByLabel('Marca').selectOption({ index: 1 });
    await page.getByLabel('Categoría').selectOption({ index: 1 });
    await fillVariant(page, 0, { 'Precio (US$)': '10', Almacenamiento: '64 GB' });
    await page.getByRole('textbox', { name: 'Descripción' }).click();
    await page.keyboard.type('Descripción válida');
    await page.getByLabel('Subir imágenes').setInputFiles(fake);
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expect(page.getByText('Ocurrió un error al crear el producto')).toBeVisible();
    await expect(
      page.getByText('El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    const huge = await sharp({
      create: { width: 2700, height: 2700, channels: 3, background: '#777' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
    const tooLarge = await postProduct(page.request, {
      name: 'grande.png',
      mimeType: 'image/png',
      buffer: huge,
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: 'La imagen supera los 5 MB' });

    const small = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const climbing = await postProduct(page.request, {
      name: '../../fuera.png',
      mimeType: 'image/png',
      buffer: small,
    });
    expect(climbing.status()).toBe(400);
    expect(await climbing.json()).toMatchObject({ error: 'Nombre de archivo inválido' });

    const text = await postProduct(page.request, {
      name: 'texto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hola'.repeat(100)),
    });
    expect(text.status()).toBe(400);
    expect(await adminProductTotal(page.request)).toBe(before);
  });

  test('a customer is refused by every admin procedure and the upload route', async ({ page }) => {
    await registerCustomer(page);
    const small = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const upload = await postProduct(page.request, {
      name: 'a.png',
      mimeType: 'image/png',
      buffer: small,
    });
    expect(upload.status()).toBe(403);
    const update = await page.request.post('/api/admin/products/1', {
      headers: SAME_ORIGIN,
      multipart: { product: validProductJson('Hackeado') },
    });
    expect(update.status()).toBe(403);
    const input = encodeURIComponent(JSON.stringify({ json: { page: 1 } }));
    expect((await page.request.get(`/trpc/admin.products.list?input=${input}`)).status()).toBe(403);
    for (const [procedure, body] of [
      ['admin.products.delete', { id: 1 }],
      ['admin.taxonomies.create', { kind: 'brand', name: 'Intrusa' }],
      ['admin.taxonomies.delete', { kind: 'brand', id: 1 }],
    ] as const) {
      const response = await page.request.post(`/trpc/${procedure}`, {
        headers: SAME_ORIGIN,
        data: { json: body },
      });
      expect(response.status(), procedure).toBe(403);
    }
    // The product the customer tried to change is untouched in the shop.
    await page.goto('/dashboard/productos');
    await expect(page).toHaveURL(/\/$/);
  });

  test('brands and categories: add, refuse duplicates, rename, refuse deleting one in use', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/dashboard/taxonomias');
    const brandsCard = page.getByRole('region', { name: 'Marcas' });
    const input = page.getByLabel('Nueva marca');
    const add = brandsCard.getByRole('button', { name: 'Agregar' });
    await expect(add).toBeDisabled();
    await input.fill('   ');
    await expect(add).toBeDisabled();
    const name = `Marca ${Date.now()}`;
    await input.fill(`  ${name}  `);
    await add.click();
    await expect(page.getByText('Marca agregada')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Marcas' })).toContainText(name);

    await input.fill(name.toUpperCase());
    await add.click();
    await expect(page.getByText('Ya existe una marca con ese nombre')).toBeVisible();

    await page.getByRole('button', { name: `Renombrar ${name}` }).click();
    await page.getByLabel(`Nuevo nombre para ${name}`).fill(`${name} Pro`);
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await expect(page.getByText('Marca actualizada')).toBeVisible();
    await page.getByRole('button', { name: `Eliminar ${name} Pro` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Marca eliminada')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Marcas' })).not.toContainText(name);

    // Seeded categories have products: deleting one is refused with a clear message.
    await page.getByRole('button', { name: 'Eliminar Redes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      page.getByText('No se puede eliminar la categoría porque hay productos que la usan'),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Categorías' })).toContainText('Redes');
  });

  test('the dashboard screens fit 360 px and 1440 px without horizontal scrolling', async ({
    page,
  }, testInfo) => {
    await loginAsAdmin(page);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of [
        ['productos', '/dashboard/productos'],
        ['nuevo', '/dashboard/productos/new'],
        ['taxonomias', '/dashboard/taxonomias'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: testInfo.outputPath(`${name}-${width}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
