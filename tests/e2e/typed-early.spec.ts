// What a buyer types on /pedido-rapido the moment the form can be typed in stays there: the
// form is mounted once, after the page hydrates, and never again (a second mount would start
// from an empty text and lose what was typed), and what was typed is what 'Revisar pedido'
// reads.
import { expect, registerCustomer, test } from '../support/fixtures';

test('a line typed on /pedido-rapido as soon as the form appears is kept and reviewed', async ({
  page,
}) => {
  await registerCustomer(page);
  for (const arrival of ['page load', 'link'] as const) {
    if (arrival === 'page load') {
      await page.goto('/pedido-rapido');
    } else {
      await page.goto('/account/pedidos');
      await page
        .getByRole('navigation', { name: 'Mi cuenta' })
        .getByRole('link', { name: 'Pedido rápido' })
        .click();
    }
    const lines = page.getByLabel('SKU y cantidad, uno por línea');
    await expect(lines).toBeEditable();
    const typedInto = await lines.elementHandle();
    // fill, not pressSequentially: it does not wait for the layout to settle, so the text goes
    // in as early as a person could type it.
    await lines.fill(`NO-EXISTE-${arrival.length} 2`);
    // The one fixed wait of the suite, on purpose: what it guards against is a second mount
    // some time after the first, which no event of the page announces. After it, the same
    // element holds the same text.
    await page.waitForTimeout(1500);
    expect(await typedInto.evaluate((element) => element.isConnected), arrival).toBe(true);
    await expect(lines).toHaveValue(`NO-EXISTE-${arrival.length} 2`);
    await page.getByRole('button', { name: 'Revisar pedido' }).click();
    await expect(page.getByText(`No encontramos NO-EXISTE-${arrival.length}`)).toBeVisible();
  }
});
