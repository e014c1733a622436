// A sent quote reads the same forever: its PDF prints the store's data as it was when the
// revision was sent, whatever staff change in 'Datos de la empresa' afterwards
// (docs/decisions/077-what-a-quote-prints.md).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { quoteRevisions } from '@server/db/schema';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import type { StoreProfileFormValues } from '@shared/schemas/store-profile';
import { callerFor, createTestUser } from '../support/context';
import { pdfText } from '../support/pdf-text';
import { requestQuote } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
let admin: SessionUser;
let customer: SessionUser;
let variant: TestVariant;

const FIRST: StoreProfileFormValues = {
  legalName: 'Primera Razón S.A.',
  rut: '21-100342-001-7',
  address: 'Av. Italia 2345, Montevideo',
  phone: '+598 2600 7788',
  email: 'ventas@primera.com.uy',
  paymentTerms: '',
  deliveryTerms: '',
  warranty: '',
  validityDays: 15,
};
const SECOND: StoreProfileFormValues = {
  ...FIRST,
  legalName: 'Segunda Razón S.R.L.',
  rut: '21-100343-001-2',
  address: 'Bv. Artigas 1500, Montevideo',
  phone: '+598 2900 1122',
  email: 'ventas@segunda.com.uy',
};
/** What the PDF prints of each profile, as pdftotext reads it. */
const printed = (profile: StoreProfileFormValues) => [
  profile.legalName,
  `RUT: ${profile.rut.replace(/\D/g, '')}`,
  profile.address,
  `Tel.: ${profile.phone} · ${profile.email}`,
];

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps, { fullName: 'Ana Compras' });
  variant = (await createTestProduct(world.db, [{ stock: 50, price: '100.00' }]))[0]!;
});

async function validUntil() {
  const [row] = await queryRows<{ day: string }>(
    world.db,
    sql`select ((now() at time zone 'America/Montevideo')::date + 5)::text as day`,
  );
  return row!.day;
}

/** A quote request answered with revision `revisions` times; the order's id. */
async function sentQuote(revisions = 1) {
  const { id } = await requestQuote(world.deps, customer, [{ variantId: variant.id, quantity: 1 }]);
  for (let i = 0; i < revisions; i += 1) await sendRevision(id);
  return id;
}

async function sendRevision(orderId: number) {
  await callerFor(world.deps, admin).admin.orders.sendRevision({
    orderId,
    lines: [{ variantId: variant.id, quantity: 1, unitPrice: '90.00', discountPercent: '0' }],
    validUntil: await validUntil(),
  });
}

/** The PDF of revision `number` as the customer downloads it. */
async function downloadedPdf(orderId: number, number: number) {
  const response = await world.app.inject({
    url: `/api/orders/${orderId}/revisions/${number}.pdf`,
    headers: { cookie: world.adminCookie },
  });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

/** The PDF the revision's mail attaches (the mailer renders it from the same document). */
async function mailedPdf(orderId: number, number: number) {
  return pdfText(await renderQuotePdf((await loadQuoteDocument(world.deps, orderId, number))!));
}

describe("a sent revision's issuer", () => {
  it('prints the store data it was sent with, after staff change that data', async () => {
    await callerFor(world.deps, admin).admin.store.update(FIRST);
    const orderId = await sentQuote();
    for (const piece of printed(FIRST)) expect(await downloadedPdf(orderId, 1)).toContain(piece);

    await callerFor(world.deps, admin).admin.store.update(SECOND);
    for (const read of [downloadedPdf, mailedPdf]) {
      const text = await read(orderId, 1);
      for (const piece of printed(FIRST)) expect(text).toContain(piece);
      for (const piece of printed(SECOND)) expect(text).not.toContain(piece);
    }
    // The customer's dialog names the same issuer as the PDF.
    const order = await callerFor(world.deps, customer).account.orders.get({ id: orderId });
    expect(order.revisions[0]!.seller).toMatchObject({
      legalName: FIRST.legalName,
      rut: '211003420017',
    });

    // The next revision is sent with the data as it is now.
    await sendRevision(orderId);
    const next = await downloadedPdf(orderId, 2);
    for (const piece of printed(SECOND)) expect(next).toContain(piece);
    for (const piece of printed(FIRST)) expect(await downloadedPdf(orderId, 1)).toContain(piece);
  });

  it("keeps the environment's values on revisions older than the copy when the store first saves", async () => {
    // A revision sent before revisions kept their issuer, in a store that never saved its data.
    await world.db.execute(sql`delete from store_profile`);
    const orderId = await sentQuote();
    await world.db
      .update(quoteRevisions)
      .set({ seller: null })
      .where(eq(quoteRevisions.orderId, orderId));
    const { CONTACT_ADDRESS, CONTACT_PHONE } = world.deps.config;
    expect(await downloadedPdf(orderId, 1)).toContain(CONTACT_ADDRESS);

    await callerFor(world.deps, admin).admin.store.update(SECOND);
    const text = await downloadedPdf(orderId, 1);
    expect(text).toContain(CONTACT_ADDRESS);
    expect(text).toContain(`Tel.: ${CONTACT_PHONE}`);
    expect(text).not.toContain(SECOND.legalName);
  });
});
