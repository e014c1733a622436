// The formal quote as a PDF (pdfkit): what a Uruguayan company files, with both parties'
// razón social and RUT, the terms and the total in pesos when staff gave an exchange rate.
// The standard Helvetica font is encoded in WinAnsi, which covers Spanish (á, é, í, ó, ú, ñ,
// ü, ¿, ¡, °), so no font file ships with the server; every stored text goes through
// printable-text.ts, so what the font cannot draw never prints as another letter and no stored
// line break adds a line (docs/decisions/077-what-a-quote-prints.md).
import PDFDocument from 'pdfkit';
import { formatDate, formatDay, formatMoney } from '@shared/format';
import { deliveryMethodText, siteLines } from '@shared/delivery';
import { addressText, variantText } from '@shared/order-text';
import { BACKORDER_LABEL, backorderDateLabel } from '@shared/pricing';
import { pesosTotalText } from '@shared/quote-math';
import { pesosAtRateText } from '@shared/exchange-rate';
import { paymentTermsLabel } from '@shared/payment-terms';
import type { QuoteDocument } from '../services/orders/quote-document';
import { printedLine as line, printedParagraphs } from './printable-text';
import { drawTableRow } from './table';

const percent = (value: string) => `${Number(value).toLocaleString('es-UY')} %`;

const COLUMNS = [
  { title: 'Producto', width: 160, align: 'left' },
  { title: 'Variante', width: 105, align: 'left' },
  { title: 'Cant.', width: 35, align: 'right' },
  { title: 'Precio unit.', width: 80, align: 'right' },
  { title: 'Desc.', width: 40, align: 'right' },
  { title: 'Importe', width: 75, align: 'right' },
] as const;
const LOGO_BOX: [number, number] = [140, 60];

/** 'Vence el 28/12/2026 (Crédito a 30 días desde la aceptación)', once the quote is accepted. */
function dueLine(order: QuoteDocument['order']): string | undefined {
  if (order.paymentTermsDays === null) return undefined;
  if (!order.dueOn) return `Vence a los ${order.paymentTermsDays} días de la entrega`;
  const terms = paymentTermsLabel(order.paymentTermsDays, order.paymentTermsFrom ?? '');
  return `Vence el ${formatDay(order.dueOn)} (${terms})`;
}

export function renderQuotePdf({
  order,
  revision,
  delivery,
  seller,
  logo,
  isAccepted,
}: QuoteDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Cotización ${order.id}-${revision.number}`, Author: line(seller.legalName) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The issuer as the revision was sent: logo, razón social, RUT, address and contact.
  const top = doc.y;
  if (logo) {
    doc.image(logo, left + width - LOGO_BOX[0], top, { fit: LOGO_BOX, align: 'right' });
  }
  const issuerWidth = logo ? width - LOGO_BOX[0] - 10 : width;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(line(seller.legalName), left, top, { width: issuerWidth });
  doc.font('Helvetica').fontSize(9);
  if (seller.rut) doc.text(`RUT: ${line(seller.rut)}`, { width: issuerWidth });
  doc.text(line(seller.address), { width: issuerWidth });
  doc.text(`Tel.: ${line(seller.phone)} · ${line(seller.email)}`, { width: issuerWidth });
  doc.y = Math.max(doc.y, logo ? top + LOGO_BOX[1] : 0);
  doc.moveDown(1.5);

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Cotización N° ${order.id}-${revision.number}`, left);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Fecha: ${formatDate(revision.createdAt)}`);
  doc.text(`Válida hasta: ${formatDay(revision.validUntil)}`);
  if (order.purchaseOrder) doc.text(`Orden de compra (OC): ${line(order.purchaseOrder)}`);
  const due = isAccepted && dueLine(order);
  if (due) doc.font('Helvetica-Bold').text(due).font('Helvetica');
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Cliente');
  doc.font('Helvetica').text(line(order.customerName));
  if (order.companyName) doc.text(`Razón social: ${line(order.companyName)}`);
  if (order.rut) doc.text(`RUT: ${line(order.rut)}`);
  const address = line(addressText(order.address));
  if (address) doc.text(`Dirección: ${address}`);
  if (order.contactPhone) doc.text(`Teléfono: ${line(order.contactPhone)}`);
  doc.text(`Correo: ${line(order.contactEmail)}`);
  doc.moveDown();
  // How the goods reach the buyer (docs/decisions/081-address-book-and-delivery-choice.md).
  if (delivery) {
    doc.font('Helvetica-Bold').text('Entrega');
    doc.font('Helvetica').text(line(deliveryMethodText(delivery)));
    for (const siteLine of siteLines(delivery)) doc.text(line(siteLine));
    doc.moveDown();
  }

  const row = (cells: string[], bold = false) => {
    drawTableRow(doc, left, COLUMNS, cells, bold);
  };
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const item of revision.lines) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    row([
      // A line without stock says so, with the delivery day staff gave when there is one: the
      // one line break of a cell that is the PDF's own.
      item.isBackorder
        ? `${line(item.productName)}\n${item.expectedOn ? backorderDateLabel(formatDay(item.expectedOn)) : BACKORDER_LABEL}`
        : line(item.productName),
      line(variantText(item)),
      String(item.quantity),
      formatMoney(item.unitPrice),
      percent(item.discountPercent),
      formatMoney(item.amount),
    ]);
  }
  doc.moveDown();
  const totals: [string, string][] = [
    ['Subtotal', formatMoney(revision.subtotal)],
    ['IVA 22 %', formatMoney(revision.tax)],
    ['Total', formatMoney(revision.total)],
  ];
  for (const [label, value] of totals) {
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(`${label}: ${value}`, left, doc.y, { align: 'right', width });
  }
  // The rate staff typed, else the day's rate when it was sent (decision 085).
  const pesos = revision.exchangeRate
    ? pesosTotalText(revision.total, revision.exchangeRate)
    : revision.dayRate &&
      `Total en pesos uruguayos: ${pesosAtRateText(revision.total, revision.dayRate)}`;
  if (pesos) {
    doc.font('Helvetica').fontSize(9);
    doc.text(pesos, left, doc.y, { align: 'right', width });
  }
  doc.moveDown();

  const terms: [string, string][] = [
    ['Forma de pago', revision.paymentTerms],
    ['Plazo de entrega', revision.deliveryTerms],
    ['Garantía', revision.warranty],
    ['Nota', revision.note ?? ''],
  ];
  for (const [label, text] of terms) {
    if (!text) continue;
    if (doc.y > doc.page.height - 100) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(10).text(label, left);
    doc.font('Helvetica').fontSize(9).text(printedParagraphs(text), { width });
    doc.moveDown(0.5);
  }
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text('Precios en dólares estadounidenses (US$); el total incluye IVA.', left);
  // A quote is not an invoice: the e-Factura or e-Ticket (the CFE) is issued apart and is the
  // only fiscal document (docs/decisions/095-the-printed-cfe.md).
  doc.text(
    'Esta cotización no es un comprobante fiscal: la factura electrónica (CFE) se emite aparte.',
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
