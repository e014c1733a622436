import { expect, expectToast, loginAsAdmin, registerCustomer, test } from '../support/fixtures';

test('a visitor sends the contact form and the admin reads it in the inbox', async ({
  page,
  browser,
}) => {
  const name = `Distribuidora Sur ${Date.now()}`;
  await page.goto('/nosotros');
  await expect(page.getByRole('heading', { name: 'Horario de atención' })).toBeVisible();
  await expect(page.getByText('Lunes a Viernes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+/,
  );

  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await expect(page.getByText('El correo electrónico es requerido')).toBeVisible();
  await expect(page.getByText('El mensaje es requerido')).toBeVisible();

  await page.getByLabel('Nombre Completo o Empresa').fill(name);
  await page.getByLabel('Correo Electrónico').fill('compras@sur.com.uy');
  await page.getByLabel('Teléfono').fill('099 111 222');
  await page.getByLabel('Mensaje').fill('Necesitamos 15 monitores.\nGracias.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Gracias por tu mensaje' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await loginAsAdmin(admin);
    await admin.goto('/dashboard/mensajes');
    const message = admin.getByRole('listitem').filter({ hasText: name });
    await expect(message).toContainText('compras@sur.com.uy');
    await expect(message).toContainText('Necesitamos 15 monitores.');
    await expect(message.getByText('Nuevo')).toBeVisible();
    await message.getByRole('button', { name: 'Marcar como leído' }).click();
    await expect(message.getByRole('button', { name: 'Marcar como no leído' })).toBeVisible();
    await expect(message.getByText('Nuevo')).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
});

test('the contact form is prefilled for a signed-in customer', async ({ page }) => {
  const customer = await registerCustomer(page, 'Ana Prefill');
  await page.goto('/nosotros');
  await expect(page.getByLabel('Correo Electrónico')).toHaveValue(customer.email);
  await expect(page.getByLabel('Nombre Completo o Empresa')).toHaveValue('Ana Prefill');
});

test('a newsletter subscription reaches the inbox and its CSV', async ({ page, browser }) => {
  const email = `novedades-${Date.now()}@empresa.uy`;
  await page.goto('/nosotros');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Correo para novedades').fill('no-es-correo');
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(footer.getByText('El correo electrónico no es válido')).toBeVisible();
  await footer.getByLabel('Correo para novedades').fill(email);
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  await expectToast(page, '¡Gracias por suscribirte!');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await loginAsAdmin(admin);
    await admin.goto('/dashboard/mensajes?tab=suscriptores');
    await expect(admin.getByRole('cell', { name: email })).toBeVisible();
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^suscriptores-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    expect(csv).toContain(email);
  } finally {
    await adminContext.close();
  }
});
