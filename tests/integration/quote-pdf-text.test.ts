// What a quote's PDF prints of the names in it (docs/decisions/077-what-a-quote-prints.md): a
// name with a character its font cannot draw is refused at its field, with a sentence; a line
// break pasted into a name is a space; and a stored text the font cannot draw, or with line
// breaks (rows older than these rules), prints legibly on its one line.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { customers, orders, quoteRevisions, storeProfile } from '@server/db/schema';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument, type QuoteDocument } from '@server/services/orders/quote-document';
import { messages } from '@shared/messages';
import { PURCHASE_ORDER_MAX } from '@shared/schemas/quote';
import { callerFor, createTestCookie, createTestUser } from '../support/context';
import { trpcErrorOf } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { callProcedure } from '../support/procedures';
import { requestQuote } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
let admin: SessionUser;
let customer: SessionUser;
let customerCookie: string;
let variant: TestVariant;
let orderId: number;
/** As long as the form allows. */
const OC = 'OC-2026/0042-SUCURSAL-CENTRO-MVD-0000001';

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps, { fullName: 'Ana Pérez' });
  customerCookie = await createTestCookie(world.deps);
  variant = (
    await createTestProduct(world.db, [{ stock: 50, price: '100.00' }], 'Notebook Pro')
  )[0]!;
  await callerFor(world.deps, admin).admin.store.update({
    legalName: 'Tienda Informática S.A.',
    rut: '',
    address: 'Av. Italia 2345, Montevideo',
    phone: '2600 7788',
    email: 'ventas@tienda.uy',
    paymentTerms: 'Transferencia\na 30 días',
    deliveryTerms: '',
    warranty: '',
    validityDays: 15,
  });
  ({ id: orderId } = await requestQuote(
    world.deps,
    customer,
    [{ variantId: variant.id, quantity: 1 }],
    { companyName: 'Ejemplo S.A.', rut: '21-100342-001-7' },
  ));
  const [day] = await queryRows<{ day: string }>(
    world.db,
    sql`select ((now() at time zone 'America/Montevideo')::date + 5)::text as day`,
  );
  await callerFor(world.deps, admin).admin.orders.sendRevision({
    orderId,
    lines: [{ variantId: variant.id, quantity: 1, unitPrice: '90.00', discountPercent: '0' }],
    validUntil: day!.day,
  });
  await callerFor(world.deps, customer).account.orders.accept({
    id: orderId,
    revision: 1,
    purchaseOrder: OC,
  });
});

const printedLines = (text: string) => text.split('\n').map((line) => line.trim());

describe('the quote PDF', () => {
  it('prints the OC whole, on its line', async () => {
    expect(OC).toHaveLength(PURCHASE_ORDER_MAX);
    const document = (await loadQuoteDocument(world.deps, orderId, 1))!;
    expect(document.order.purchaseOrder).toBe(OC);
    expect(printedLines(pdfText(await renderQuotePdf(document)))).toContain(
      `Orden de compra (OC): ${OC}`,
    );
  });

  it('says it is not an invoice: the CFE is issued apart', async () => {
    const document = (await loadQuoteDocument(world.deps, orderId, 1))!;
    const text = pdfText(await renderQuotePdf(document)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Esta cotización no es un comprobante fiscal: la factura electrónica (CFE) se emite aparte.',
    );
  });

  it('never draws a line break from data: a name with breaks prints as with spaces', async () => {
    const document = (await loadQuoteDocument(world.deps, orderId, 1))!;
    const withText = (join: (words: string[]) => string): QuoteDocument => ({
      ...document,
      seller: { ...document.seller, legalName: join(['Tienda', 'Informática', 'S.A.']) },
      order: {
        ...document.order,
        customerName: join(['Ana', 'Pérez']),
        companyName: join(['Ejemplo', 'S.A.']),
        purchaseOrder: join(['OC', '42']),
      },
      revision: {
        ...document.revision,
        lines: document.revision.lines.map((line) => ({
          ...line,
          productName: join(['Notebook', 'Pro']),
          colorName: join(['Gris', 'espacial']),
        })),
      },
    });
    const spaced = pdfText(await renderQuotePdf(withText((words) => words.join(' '))));
    for (const lineBreak of ['\n', '\r', '\r\n', '\u2028', '\t\n ']) {
      const broken = await renderQuotePdf(withText((words) => words.join(lineBreak)));
      expect(pdfText(broken), JSON.stringify(lineBreak)).toBe(spaced);
    }
    expect(printedLines(spaced)).toEqual(
      expect.arrayContaining([
        'Tienda Informática S.A.',
        'Ana Pérez',
        'Razón social: Ejemplo S.A.',
        'Orden de compra (OC): OC 42',
      ]),
    );
    // A free text keeps its own paragraphs.
    expect(printedLines(spaced)).toEqual(expect.arrayContaining(['Transferencia', 'a 30 días']));
  });

  it('prints stored names it cannot draw legibly, on one line, as downloaded', async () => {
    // Rows older than the rules, written straight to the tables.
    await world.db
      .update(customers)
      .set({ fullName: 'Ana\nPérez 株式会社' })
      .where(eq(customers.id, customer.customer!.id));
    await world.db
      .update(orders)
      .set({ companyName: 'Łódź\r\nS.A. 😀' })
      .where(eq(orders.id, orderId));
    await world.db
      .update(quoteRevisions)
      .set({
        seller: {
          legalName: 'Tienda\rUruguay شركة',
          rut: null,
          address: 'Av. Italia\n2345',
          phone: '2600\n7788',
          email: 'ventas@tienda.uy',
        },
      })
      .where(eq(quoteRevisions.orderId, orderId));
    const response = await world.app.inject({
      url: `/api/orders/${orderId}/revisions/1.pdf`,
      headers: { cookie: world.adminCookie },
    });
    expect(response.statusCode).toBe(200);
    const lines = printedLines(pdfText(response.rawPayload));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Tienda Uruguay ????',
        'Av. Italia 2345',
        'Tel.: 2600 7788 · ventas@tienda.uy',
        'Ana Pérez ????',
        'Razón social: Lódz S.A. ?',
      ]),
    );
  });
});

describe('a name with characters the PDF cannot draw', () => {
  const refusal = (response: Awaited<ReturnType<typeof callProcedure>>) => {
    expect(response.statusCode).toBe(400);
    return trpcErrorOf(response).data.fieldErrors;
  };

  it('is refused at the field when signing up, saving the company or the store, quoting, accepting', async () => {
    const register = await callProcedure(
      world.app,
      { path: 'auth.register', type: 'mutation' },
      { input: { fullName: '李小龍', email: 'li@empresa.uy', password: 'secreto123' } },
    );
    expect(refusal(register)).toEqual({ fullName: [messages.documentTextRefused] });

    const company = await callProcedure(
      world.app,
      { path: 'account.profile.update', type: 'mutation' },
      {
        input: { companyName: 'شركة الاتصالات', rut: '21-100342-001-7' },
        cookie: customerCookie,
      },
    );
    expect(refusal(company)).toEqual({ companyName: [messages.documentTextRefused] });

    const before = await world.db.select().from(storeProfile);
    const store = await callProcedure(
      world.app,
      { path: 'admin.store.update', type: 'mutation' },
      {
        input: {
          legalName: 'Tienda 😀',
          rut: '',
          address: 'Av. Italia 2345',
          phone: '2600 7788',
          email: 'ventas@tienda.uy',
          paymentTerms: '',
          deliveryTerms: '',
          warranty: '',
          validityDays: 15,
        },
        cookie: world.adminCookie,
      },
    );
    expect(refusal(store)).toEqual({ legalName: [messages.documentTextRefused] });
    expect(await world.db.select().from(storeProfile)).toEqual(before);

    const quote = await callProcedure(
      world.app,
      { path: 'orders.requestQuote', type: 'mutation' },
      {
        input: {
          email: 'compras@empresa.uy',
          companyName: '北京科技有限公司',
          rut: '21-100342-001-7',
          items: [{ variantId: variant.id, quantity: 1 }],
          idempotencyKey: 'quote-pdf-text-cjk',
        },
        cookie: customerCookie,
      },
    );
    expect(refusal(quote)).toEqual({ companyName: [messages.documentTextRefused] });

    const accept = await callProcedure(
      world.app,
      { path: 'account.orders.accept', type: 'mutation' },
      { input: { id: orderId, revision: 1, purchaseOrder: 'OC 🧾 42' }, cookie: customerCookie },
    );
    expect(refusal(accept)).toEqual({ purchaseOrder: [messages.documentTextRefused] });
  });
});
