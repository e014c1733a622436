// The formal quote as a PDF (pdfkit). The standard Helvetica font is encoded in WinAnsi, which
// covers Spanish (á, é, í, ó, ú, ñ, ü, ¿, ¡, °), so no font file ships with the server.
import PDFDocument from 'pdfkit';
import { calendarDay, formatDate, formatMoney } from '@shared/format';
import { BACKORDER_LABEL, backorderDateLabel } from '@shared/pricing';
import type { Quote } from '../services/quote-document';

export type StoreContact = { email: string; phone: string; address: string };

const percent = (value: string) => `${Number(value).toLocaleString('es-UY')} %`;
const dayOf = (date: string) => formatDate(calendarDay(date));

const COLUMNS = [
  { title: 'Producto', width: 170, align: 'left' },
  { title: 'Almacenamiento / Color', width: 110, align: 'left' },
  { title: 'Cant.', width: 35, align: 'right' },
  { title: 'Precio unit.', width: 70, align: 'right' },
  { title: 'Desc.', width: 40, align: 'right' },
  { title: 'Importe', width: 70, align: 'right' },
] as const;

export function renderQuotePdf({ order, revision }: Quote, store: StoreContact): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Cotización ${order.id}-${revision.number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Tienda');
  doc.font('Helvetica').fontSize(9).text(`${store.address} · ${store.phone} · ${store.email}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(14).text(`Cotización N° ${order.id}-${revision.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Fecha: ${formatDate(revision.createdAt)}`);
  doc.text(`Válida hasta: ${dayOf(revision.validUntil)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Cliente');
  doc.font('Helvetica').text(order.customerName);
  if (order.companyName) doc.text(`Razón social: ${order.companyName}`);
  if (order.rut) doc.text(`RUT: ${order.rut}`);
  doc.text(order.contactEmail);
  doc.moveDown();

  const left = doc.page.margins.left;
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const y = doc.y;
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.text(cell, x, y, { width: column.width - 6, align: column.align });
      height = Math.max(height, doc.y - y);
      x += column.width;
    });
    doc.x = left;
    doc.y = y + height + 4;
  };
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const line of revision.lines) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    row([
      // A line without stock says so, with the delivery day staff gave when there is one.
      line.isBackorder
        ? `${line.productName}\n${line.expectedOn ? backorderDateLabel(dayOf(line.expectedOn)) : BACKORDER_LABEL}`
        : line.productName,
      `${line.storage} / ${line.colorName}`,
      String(line.quantity),
      formatMoney(line.unitPrice),
      percent(line.discountPercent),
      formatMoney(line.amount),
    ]);
  }
  doc.moveDown();
  const totals: [string, string][] = [
    ['Subtotal', formatMoney(revision.subtotal)],
    ['IVA 22%', formatMoney(revision.tax)],
    ['Total', formatMoney(revision.total)],
  ];
  for (const [label, value] of totals) {
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(`${label}: ${value}`, left, doc.y, { align: 'right' });
  }
  doc.moveDown();
  if (revision.note) {
    doc.font('Helvetica-Bold').text('Nota', left);
    doc.font('Helvetica').text(revision.note);
    doc.moveDown();
  }
  doc.font('Helvetica-Oblique').fontSize(9).text('Precios en dólares estadounidenses', left);
  doc.end();
  return done;
}
