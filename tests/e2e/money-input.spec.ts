// Amounts typed as a person in Uruguay types them: '1.150,50' in the product form, '1.200' in
// the shop's price filter, '12,5' as a discount (docs/decisions/052-money-typed-the-uruguayan-way.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { addFromProductPage, inStockProducts, requestQuote, screenshots } from './orders-helpers';

const AMBIGUOUS = 'Escribí el importe como 1.150,50';

test('a price typed as 1.150,50 is saved, shown back and found by a 1.200 price filter', async ({
  page,
}) => {
  const name = `Impresora Láser ${Date.now()}`;
  const photo = path.join(mkdtempSync(path.join(tmpdir(), 'money-input-')), 'foto.png');
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#334455' } })
    .png()
    .toFile(photo);

  await loginAsAdmin(page);
  await page.goto('/dashboard/productos/new');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Marca').selectOption({ index: 1 });
  await page.getByLabel('Categoría').selectOption({ index: 1 });
  const variant = page.getByRole('group', { name: 'Variante 1' });
  await variant.getByLabel('Stock', { exact: true }).fill('4');
  await variant.getByLabel('Almacenamiento').fill('A4');
  await page.getByRole('textbox', { name: 'Descripción' }).click();
  await page.keyboard.type('Impresora para oficina.');
  await page.getByLabel('Subir imágenes').setInputFiles(photo);

  // An amount that reads two ways is refused under its field, and nothing is sent.
  const price = variant.getByLabel('Precio (US$)');
  await price.fill('1,150.50');
  await page.getByRole('button', { name: 'Guardar Producto' }).click();
  await expect(variant.getByText(AMBIGUOUS)).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, 'money-input-product-error');

  await price.fill('1.150,50');
  await expect(variant.getByText(AMBIGUOUS)).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar Producto' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();
  await page.getByLabel('Buscar productos').fill(name);
  // The search's own answer, not the unfiltered list it replaces (its rows then re-render).
  await expect(page.getByText(`1 producto(s) encontrado(s) para "${name}"`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('US$ 1.150,50');

  // Editing shows the price the way it was typed.
  await page.getByRole('button', { name: `Acciones de ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(
    page.getByRole('group', { name: 'Variante 1' }).getByLabel('Precio (US$)'),
  ).toHaveValue('1.150,50');

  // The shop: '1.200' is twelve hundred, so this product (1.150,50) is left out; '1.100' keeps it.
  await page.goto(`/tienda?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('US$ 1.150,50');
  const minimum = page.getByLabel('Mínimo');
  await minimum.fill('1.200');
  await page.getByRole('button', { name: 'Aplicar precio' }).click();
  await expect(page).toHaveURL(/min=1200(&|$)/);
  await expect(page.getByText(`0 producto(s) encontrado(s) para "${name}"`)).toBeVisible();
  await expect(minimum).toHaveValue('1.200');

  await minimum.fill('1.100');
  await page.getByLabel('Máximo').fill('1150,50');
  await page.getByRole('button', { name: 'Aplicar precio' }).click();
  await expect(page).toHaveURL(/max=1150\.5(&|$)/);
  await expect(card).toBeVisible();

  // An ambiguous bound says so under its field and leaves the list as it was.
  await minimum.fill('1,200.50');
  await page.getByRole('button', { name: 'Aplicar precio' }).click();
  await expect(page.getByText(AMBIGUOUS)).toBeVisible();
  await expect(minimum).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/min=1100(&|$)/);
  await expect(card).toBeVisible();
  await screenshots(page, 'money-input-shop-filter');
});

test('the revision editor reads 1.150,50 and 12,5 and keeps its totals while a figure is mistyped', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, 'Compras Importes');
  const products = await inStockProducts(page.request, 2, 3);
  for (const product of products) await addFromProductPage(page, product.slug);
  const orderId = await requestQuote(page);

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  try {
    await loginAsAdmin(admin);
    await admin.goto(`/dashboard/ordenes/${orderId}`);
    await admin.getByRole('button', { name: 'Preparar cotización' }).click();
    const prices = admin.getByLabel('Precio unit. (US$)');
    await prices.first().fill('1.150,50');
    await admin.getByLabel('Descuento %').first().fill('12,5');
    await admin.getByLabel('Cantidad').first().fill('2');
    await prices.nth(1).fill('100');
    await admin.getByLabel('Descuento %').nth(1).fill('0');
    await admin.getByLabel('Cantidad').nth(1).fill('1');
    // 1.150,50 x 2 less 12,5 % = 2.013,38, plus 100,00; IVA 22 % of 2.113,38 = 464,94.
    const summary = admin.getByLabel('Totales de la cotización');
    await expect(summary).toContainText('US$ 2.113,38');
    await expect(summary).toContainText('US$ 2.578,32');

    // A mistyped price: its message under the field; the totals keep the other line.
    await prices.first().fill('1,150.50');
    await prices.nth(1).focus();
    await expect(admin.getByText(AMBIGUOUS)).toBeVisible();
    await expect(summary).toContainText('US$ 100,00');
    await expect(summary).toContainText('US$ 122,00');
    await expect(summary).toContainText('No incluye 1 línea por corregir');
    await admin.getByRole('button', { name: 'Enviar cotización' }).click();
    await screenshots(admin, 'money-input-revision-error');
    await expect(admin.getByText('Cotización vigente')).toHaveCount(0);

    await prices.first().fill('1.150,50');
    await expect(admin.getByText(AMBIGUOUS)).toHaveCount(0);
    await expect(summary).not.toContainText('No incluye');
    await admin.getByRole('button', { name: 'Enviar cotización' }).click();
    await expect(admin.getByText('Cotización enviada')).toBeVisible();
    await expect(admin.getByTestId('revision-total')).toContainText('US$ 2.578,32');
  } finally {
    await context.close();
  }
});
