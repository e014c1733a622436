// The Nota de entrega of one dispatch as a PDF (pdfkit, decision 082): both parties with
// their RUT, where the goods go and how, what left and how many, the agency and its guide
// number, and a box for who receives it. It is not a fiscal document (the CFE is), and says so.
// Helvetica in WinAnsi covers Spanish, as in quote-pdf.ts.
import PDFDocument from 'pdfkit';
import { deliveryMethodText, siteLines } from '@shared/delivery';
import { formatDay } from '@shared/format';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { placeText } from '@shared/schemas/uy-address';
import type { DeliveryNote } from '../services/fulfilment/delivery-note';
import { drawTableRow } from './table';

const LOGO_BOX: [number, number] = [140, 60];

export function renderDeliveryNotePdf(note: DeliveryNote): Promise<Buffer> {
  const { dispatch, lines, buyer, store, logo } = note;
  const number = deliveryNoteNumber(dispatch.noteNumber);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Nota de entrega ${number}`, Author: store.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The issuer.
  const top = doc.y;
  if (logo) doc.image(logo, left + width - LOGO_BOX[0], top, { fit: LOGO_BOX, align: 'right' });
  const issuerWidth = logo ? width - LOGO_BOX[0] - 10 : width;
  doc.font('Helvetica-Bold').fontSize(16).text(store.legalName, left, top, { width: issuerWidth });
  doc.font('Helvetica').fontSize(9);
  if (store.rut) doc.text(`RUT: ${store.rut}`, { width: issuerWidth });
  doc.text(store.address, { width: issuerWidth });
  doc.text(`Tel.: ${store.phone} · ${store.email}`, { width: issuerWidth });
  doc.y = Math.max(doc.y, logo ? top + LOGO_BOX[1] : 0);
  doc.moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(14).text(`Nota de entrega N° ${number}`, left);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Pedido N° ${dispatch.orderId}`);
  doc.text(`Fecha de despacho: ${formatDay(dispatch.dispatchedOn)}`);
  if (buyer.purchaseOrder) doc.text(`Orden de compra (OC): ${buyer.purchaseOrder}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Cliente');
  doc.font('Helvetica');
  if (buyer.companyName) doc.text(`Razón social: ${buyer.companyName}`);
  if (buyer.rut) doc.text(`RUT: ${buyer.rut}`);
  if (buyer.fiscal) doc.text(`Domicilio fiscal: ${placeText(buyer.fiscal)}`);
  doc.text(`Solicitado por: ${buyer.customerName} · ${buyer.contactEmail}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Entrega');
  doc.font('Helvetica').text(deliveryMethodText(dispatch));
  if (dispatch.trackingNumber) doc.text(`Número de guía: ${dispatch.trackingNumber}`);
  for (const line of siteLines(dispatch)) doc.text(line);
  doc.moveDown();

  // What left: product, variant, units.
  const columns = [
    { title: 'Producto', width: width - 200, align: 'left' as const },
    { title: 'Variante', width: 140, align: 'left' as const },
    { title: 'Cantidad', width: 60, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    drawTableRow(doc, left, columns, cells, bold);
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const line of lines) {
    if (doc.y > doc.page.height - 200) doc.addPage();
    row([line.productName, `${line.storage} / ${line.colorName}`, String(line.quantity)]);
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Total de unidades: ${units}`, left, doc.y, { align: 'right', width });
  doc.moveDown(2);

  // Who received it: filled in by hand at the door.
  if (doc.y > doc.page.height - 160) doc.addPage();
  const boxTop = doc.y;
  doc.rect(left, boxTop, width, 90).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Recibí conforme', left + 10, boxTop + 8);
  doc.font('Helvetica').fontSize(9);
  doc.text('Nombre y apellido: ______________________________', left + 10, boxTop + 30);
  doc.text('Cédula: ____________________', left + 10, boxTop + 50);
  doc.text('Firma: ____________________', left + width / 2, boxTop + 50);
  doc.text('Fecha: ____ / ____ / ________', left + 10, boxTop + 70);
  doc.y = boxTop + 100;
  doc.x = left;
  doc.moveDown();
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text(
      'Este documento no es un comprobante fiscal: acompaña la mercadería. La factura (CFE) se emite aparte.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
