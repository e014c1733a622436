import sharp from 'sharp';
import { formatLongDate } from '@shared/format';
import { expect, expectToast, loginAsAdmin, test } from '../support/fixtures';

const WORDS = Array.from({ length: 30 }, (_, i) => `palabra${i + 1}`);

test('an admin publishes a post with a cover, edits it and deletes it', async ({
  page,
  request,
}) => {
  const title = `Guía de monitores ${Date.now()}`;
  const cover = await sharp({
    create: { width: 800, height: 450, channels: 3, background: '#2563eb' },
  })
    .png()
    .toBuffer();

  await loginAsAdmin(page);
  await page.goto('/dashboard/blog');
  await page.getByRole('link', { name: 'Crear Nuevo Post' }).click();
  await expect(page).toHaveURL(/\/dashboard\/blog\/nuevo$/);

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Guardar Post' }).click();
  await expect(page.getByText('El título es obligatorio')).toBeVisible();
  await expect(page.getByText('El contenido es obligatorio')).toBeVisible();

  await page.getByLabel('Título').fill(title);
  await page
    .getByLabel('Contenido')
    .fill(`${WORDS.slice(0, 25).join(' ')}\n\nSegundo párrafo: ${WORDS.slice(25).join(' ')}`);
  await page
    .getByLabel('Imagen de portada')
    .setInputFiles({ name: 'portada monitores.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByAltText('Vista previa de la nueva portada')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar Post' }).click();
  await expectToast(page, 'Post creado con éxito');
  await expect(page).toHaveURL(/\/dashboard\/blog$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Publicado', { exact: true })).toBeVisible();

  // First on /blog, with its teaser (20 words and an ellipsis), author and long date.
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Desde Nuestro Blog' })).toBeVisible();
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByRole('heading')).toHaveText(title);
  await expect(firstCard).toContainText(`${WORDS.slice(0, 20).join(' ')}...`);
  await expect(firstCard).not.toContainText(WORDS[20]!);
  await expect(firstCard).toContainText(formatLongDate(new Date()));
  await expect(firstCard).toContainText('Administrador');
  const coverUrl = await firstCard.locator('img').getAttribute('src');
  expect(coverUrl).toMatch(/^\/uploads\/blog\/\d+\/\d+-portada-monitores-400\.webp$/);

  // Opens by slug, with the content's line breaks kept.
  await firstCard.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/blog\/guia-de-monitores-\d+$/);
  const postUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Segundo párrafo:')).toBeVisible();
  const largeCover = await page.getByRole('article').locator('img').getAttribute('src');
  expect((await request.get(largeCover!)).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Volver al blog' })).toBeVisible();

  // Edited: new title and a draft is invisible publicly.
  await page.goto('/dashboard/blog');
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Post' })).toBeVisible();
  await expect(page.getByAltText('Portada actual')).toBeVisible();
  await page.getByLabel('Título').fill(`${title} (editado)`);
  await page.getByRole('button', { name: 'Guardar Post' }).click();
  await expectToast(page, 'Post actualizado con éxito');
  await page.goto(postUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (editado)`);

  const editedRow = page.getByRole('row').filter({ hasText: `${title} (editado)` });
  await page.goto('/dashboard/blog');
  await editedRow.getByRole('button', { name: 'Pasar a borrador' }).click();
  await expect(editedRow.getByText('Borrador', { exact: true })).toBeVisible();
  await page.goto(postUrl);
  await expect(page.getByText('Post no encontrado')).toBeVisible();
  await page.goto('/dashboard/blog');
  await editedRow.getByRole('button', { name: 'Publicar' }).click();
  await expect(editedRow.getByText('Publicado', { exact: true })).toBeVisible();

  // Deleted: gone from /blog and its cover gone from disk.
  await editedRow.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Estás seguro de que querés eliminar este post?');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expectToast(page, 'Post eliminado con éxito');
  await expect(editedRow).toHaveCount(0);
  await page.goto('/blog');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  expect((await request.get(coverUrl!)).status()).toBe(404);
  expect((await request.get(largeCover!)).status()).toBe(404);
});

test('the public blog lists the demo posts and shows a missing post', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('article')).not.toHaveCount(0);
  await page.goto('/blog/no-existe-este-post');
  await expect(page.getByText('Post no encontrado')).toBeVisible();
  await page.getByRole('link', { name: 'Ver todos los posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
