// DGI's printed representation ('representación impresa', CFE format v24 pp. 75–82) of an
// e-Factura, an e-Ticket, their credit notes and the e-Remito, drawn only from what was signed
// (services/invoicing/cfe-print.ts): the issuer block top left; RUT, type in words, serie and
// number and the form of payment top right; the 'RUC COMPRADOR' box (or 'CONSUMO FINAL');
// lines, net and IVA per rate, the total in the document's currency and its exchange rate;
// and, at the foot of the last page, the digital seal: the QR to DGI's verification address
// the provider returned, the security code, the verification sentence, the CAE with its range
// and the box with its expiry (docs/decisions/095-the-printed-cfe.md). Helvetica in WinAnsi,
// every stored text through printable-text.ts, as quote-pdf.ts.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CFE_KIND_LABELS } from '@shared/cfe';
import { formatDay, formatMoney } from '@shared/format';
import { groupThousands } from '@shared/money';
import type { CfeLine, CfeReceiver, RemitoDraft, SaleDraft } from '../services/invoicing/cfe-types';
import type { CfePrint } from '../services/invoicing/cfe-print';
import { printedLine as line } from './printable-text';
import { drawTableRow, type PdfColumn } from './table';

type PdfDocument = InstanceType<typeof PDFDocument>;

/** '1.234,5': a decimal string with es-UY separators and at least `minDecimals` decimals. */
export function decimalEsUy(value: string, minDecimals = 0) {
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  let decimals = fraction.replace(/0+$/, '');
  if (decimals.length < minDecimals) decimals = decimals.padEnd(minDecimals, '0');
  const sign = value.startsWith('-') ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `,${decimals}` : ''}`;
}

/** An amount in the document's currency: 'US$ 1.083,29' or '$ 1.083,29'. */
const moneyIn = (currency: SaleDraft['currency']) => (amount: string) =>
  currency === 'USD' ? formatMoney(amount) : formatMoney(amount).replace('US$', '$');

/** A unit price as signed, with its decimals beyond the cent when it has them (6 at most). */
const unitPriceIn = (currency: SaleDraft['currency']) => (price: string) =>
  `${currency === 'USD' ? 'US$' : '$'} ${decimalEsUy(price, 2)}`;

const CURRENCY_WORDS: Record<SaleDraft['currency'], string> = {
  USD: 'Dólares (US$)',
  UYU: 'Pesos ($)',
};

const IVA_OF_LINE: Record<CfeLine['indFact'], string> = { 1: 'Exento', 2: '10 %', 3: '22 %' };

const SALE_COLUMNS: readonly PdfColumn[] = [
  { title: 'Código', width: 70, align: 'left' },
  { title: 'Descripción', width: 195, align: 'left' },
  { title: 'Cant.', width: 45, align: 'right' },
  { title: 'Precio unit.', width: 75, align: 'right' },
  { title: 'IVA', width: 45, align: 'right' },
  { title: 'Importe', width: 85, align: 'right' },
];
const GOODS_COLUMNS: readonly PdfColumn[] = [
  { title: 'Código', width: 90, align: 'left' },
  { title: 'Descripción', width: 345, align: 'left' },
  { title: 'Cant.', width: 80, align: 'right' },
];

const LOGO_BOX: [number, number] = [130, 45];
const MARGIN = 40;
/** The seal's height: the QR (28 mm, DGI asks 22–30 mm) and its security code under it. */
const QR_SIZE = 80;
const FOOTER_HEIGHT = QR_SIZE + 34;

/** Whether the receiver is identified by RUT ('RUC COMPRADOR') or is a final consumer. */
const hasRut = (receiver: CfeReceiver | null) => receiver?.docType === 2 && !!receiver.document;

/**
 * A line's NomItem and DscItem; a description that repeats the name and adds to it (the
 * product and then its variant) prints alone, since it already holds the whole name.
 */
function itemText(item: { name: string; description: string | null }) {
  const name = line(item.name);
  const description = item.description ? line(item.description) : '';
  if (!description) return [name];
  return description.startsWith(name) ? [description] : [name, description];
}

function receiverAddress(receiver: CfeReceiver) {
  return [receiver.address, receiver.city, receiver.department]
    .filter((part): part is string => !!part)
    .map(line)
    .join(', ');
}

export async function renderCfePdf(print: CfePrint): Promise<Buffer> {
  const { draft } = print;
  const kindWords = CFE_KIND_LABELS[draft.kind];
  const numberWords = `Serie ${line(print.serie)} N° ${print.number}`;
  const qr = await QRCode.toBuffer(print.qrUrl, { type: 'png', margin: 1, width: 300 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${kindWords} ${print.serie}-${print.number}`,
      Author: line(draft.issuer.legalName),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const receiver = draft.receiver;

  drawHeader(doc, print, { left, width, kindWords, numberWords });
  drawReceiver(doc, draft, { left, width });
  drawFacts(doc, print, { left, width });

  // Every later page repeats who issues, to whom, and which document (DGI's rule for a CFE of
  // more than one page); the seal goes on the last.
  const continued = () => {
    doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(
        `${line(draft.issuer.legalName)} · RUT ${draft.issuer.rut} · ${kindWords} ${numberWords}`,
        left,
        MARGIN,
        { width },
      );
    if (receiver?.name) {
      doc
        .font('Helvetica')
        .text(
          `${line(receiver.name)}${receiver.document ? ` · ${hasRut(receiver) ? 'RUC' : 'Documento'} ${line(receiver.document)}` : ''}`,
          { width },
        );
    }
    doc.moveDown();
  };

  if (draft.kind === 181) drawGoods(doc, draft, left, continued, bottom);
  else drawSale(doc, draft, { left, width, bottom }, continued);

  // The seal at the foot of the last page, on a page of its own when the lines leave no room.
  if (doc.y > bottom - FOOTER_HEIGHT - 10) continued();
  drawSeal(doc, print, qr, { left, width, top: bottom - FOOTER_HEIGHT });

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Página ${i + 1} de ${pages.count}`, left, MARGIN / 2, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

function drawHeader(
  doc: PdfDocument,
  print: CfePrint,
  at: { left: number; width: number; kindWords: string; numberWords: string },
) {
  const { draft } = print;
  const { left, width } = at;
  const top = MARGIN;
  const boxWidth = 215;
  const boxLeft = left + width - boxWidth;
  const issuerWidth = width - boxWidth - 15;

  // The issuer: logo (at most a fifth of the page), razón social and domicilio fiscal.
  let y = top;
  if (print.logo) {
    doc.image(print.logo, left, y, { fit: LOGO_BOX });
    y += LOGO_BOX[1] + 8;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(line(draft.issuer.legalName), left, y, { width: issuerWidth });
  doc.font('Helvetica').fontSize(9);
  doc.text(line(draft.issuer.fiscalAddress), { width: issuerWidth });
  doc.text(`${line(draft.issuer.city)}, ${line(draft.issuer.department)}`, {
    width: issuerWidth,
  });
  const issuerBottom = doc.y;

  // RUT, type, serie and number, form of payment: at least 3 mm high (9 pt and more).
  const inner = boxLeft + 10;
  const innerWidth = boxWidth - 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`RUT ${draft.issuer.rut}`, inner, top + 10, { width: innerWidth });
  doc.moveDown(0.3);
  doc.fontSize(draft.kind === 102 || draft.kind === 112 ? 11 : 14);
  doc.text(at.kindWords, { width: innerWidth });
  doc.fontSize(11).text(at.numberWords, { width: innerWidth });
  if (draft.kind !== 181) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Forma de pago: ${draft.payment.form === 2 ? 'Crédito' : 'Contado'}`, {
        width: innerWidth,
      });
  }
  const boxBottom = doc.y + 8;
  doc
    .lineWidth(1)
    .rect(boxLeft, top, boxWidth, boxBottom - top)
    .stroke();
  doc.x = left;
  doc.y = Math.max(issuerBottom, boxBottom) + 16;
}

/** The 'RUC COMPRADOR' box (at least 4 × 1 cm) or 'CONSUMO FINAL', and the buyer beside it. */
function drawReceiver(
  doc: PdfDocument,
  draft: SaleDraft | RemitoDraft,
  at: { left: number; width: number },
) {
  const { left, width } = at;
  const top = doc.y;
  const receiver = draft.receiver;
  const boxWidth = 160;
  const isRut = hasRut(receiver);
  const boxHeight = isRut || receiver?.document ? 46 : 34;
  doc.rect(left, top, boxWidth, boxHeight).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(isRut ? 'RUC COMPRADOR' : 'CONSUMO FINAL', left + 10, top + 9, {
      width: boxWidth - 20,
    });
  if (receiver?.document) {
    doc
      .font(isRut ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(isRut ? 12 : 9)
      .text(isRut ? line(receiver.document) : `Documento: ${line(receiver.document)}`, {
        width: boxWidth - 20,
      });
  }

  const textLeft = left + boxWidth + 15;
  const textWidth = width - boxWidth - 15;
  doc.font('Helvetica').fontSize(9).text('', textLeft, top);
  if (receiver?.name) {
    doc.font('Helvetica-Bold').fontSize(10).text(line(receiver.name), { width: textWidth });
  }
  doc.font('Helvetica').fontSize(9);
  const address = receiver ? receiverAddress(receiver) : '';
  if (address) doc.text(`Domicilio: ${address}`, { width: textWidth });
  if (draft.kind === 181 && receiver?.deliveryPlace) {
    doc.text(`Lugar de entrega: ${line(receiver.deliveryPlace)}`, { width: textWidth });
  }
  if (receiver?.purchaseOrder) {
    doc.text(`Orden de compra (OC): ${line(receiver.purchaseOrder)}`, { width: textWidth });
  }
  doc.x = left;
  doc.y = Math.max(doc.y, top + boxHeight) + 14;
}

/** Date, due date, currency and rate; a credit note's document it corrects. */
function drawFacts(doc: PdfDocument, print: CfePrint, at: { left: number; width: number }) {
  const { draft } = print;
  const { left, width } = at;
  const facts: [string, string][] = [['Fecha', formatDay(draft.issuedOn)]];
  if (draft.kind !== 181) {
    if (draft.payment.dueOn) facts.push(['Vencimiento', formatDay(draft.payment.dueOn)]);
    facts.push(['Moneda', CURRENCY_WORDS[draft.currency]]);
    if (draft.exchangeRate) facts.push(['Tipo de cambio', decimalEsUy(draft.exchangeRate, 3)]);
  }
  const top = doc.y;
  const cell = width / facts.length;
  let factsBottom = top;
  facts.forEach(([label, value], i) => {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${label}: `, left + i * cell, top, { width: cell - 8, continued: true })
      .font('Helvetica-Bold')
      .text(value);
    factsBottom = Math.max(factsBottom, doc.y);
  });
  doc.x = left;
  doc.y = factsBottom + 8;
  for (const reference of draft.references) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `Referencia: ${CFE_KIND_LABELS[reference.kind]} serie ${line(reference.serie)} N° ${reference.number} del ${formatDay(reference.issuedOn)}${reference.reason ? `. Motivo: ${line(reference.reason)}` : ''}`,
        left,
        doc.y,
        { width },
      );
  }
  doc.moveDown();
}

function drawSale(
  doc: PdfDocument,
  draft: SaleDraft,
  at: { left: number; width: number; bottom: number },
  continued: () => void,
) {
  const { left, width, bottom } = at;
  const money = moneyIn(draft.currency);
  const unitPrice = unitPriceIn(draft.currency);
  const row = (cells: string[], bold = false) => drawTableRow(doc, left, SALE_COLUMNS, cells, bold);
  const header = () => {
    row(
      SALE_COLUMNS.map((column) => column.title),
      true,
    );
    rule(doc, left, width);
  };
  header();
  for (const item of draft.lines) {
    if (doc.y > bottom - 40) {
      continued();
      header();
    }
    const discount =
      item.discountPercent && Number(item.discountPercent) > 0
        ? [`Descuento ${decimalEsUy(item.discountPercent)} %`]
        : [];
    row([
      item.code ? line(item.code) : '',
      [...itemText(item), ...discount].join('\n'),
      decimalEsUy(item.quantity),
      unitPrice(item.unitPrice),
      IVA_OF_LINE[item.indFact],
      money(item.amount),
    ]);
  }
  rule(doc, left, width);
  doc.moveDown(0.5);

  const { totals } = draft;
  const rows: [string, string | null][] = [
    ['Exento', totals.exempt],
    ['Neto IVA tasa mínima 10 %', totals.netMinimum],
    ['Neto IVA tasa básica 22 %', totals.netBasic],
    ['IVA tasa mínima 10 %', totals.ivaMinimum],
    ['IVA tasa básica 22 %', totals.ivaBasic],
  ];
  const labelWidth = 170;
  const valueWidth = 95;
  const labelLeft = left + width - labelWidth - valueWidth;
  const total = (label: string, value: string, bold = false) => {
    if (doc.y > bottom - 20) continued();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .text(label, labelLeft, y, { width: labelWidth, align: 'right' });
    // Its right edge is the table's (a cell keeps 6 pt from its column's edge, table.ts).
    doc.text(value, labelLeft + labelWidth, y, { width: valueWidth - 6, align: 'right' });
    doc.x = left;
  };
  for (const [label, value] of rows) if (value !== null) total(label, money(value));
  doc.moveDown(0.3);
  total('Total', money(totals.total), true);
  // MntPagar is printed once when it equals the total (CFE v24 A-C130).
  if (totals.toPay !== totals.total) total('Monto a pagar', money(totals.toPay), true);
  doc.moveDown();
}

function drawGoods(
  doc: PdfDocument,
  draft: RemitoDraft,
  left: number,
  continued: () => void,
  bottom: number,
) {
  const width = GOODS_COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const row = (cells: string[], bold = false) =>
    drawTableRow(doc, left, GOODS_COLUMNS, cells, bold);
  row(
    GOODS_COLUMNS.map((column) => column.title),
    true,
  );
  rule(doc, left, width);
  for (const item of draft.lines) {
    if (doc.y > bottom - 40) continued();
    row([item.code ? line(item.code) : '', itemText(item).join('\n'), decimalEsUy(item.quantity)]);
  }
  rule(doc, left, width);
  doc.moveDown();
}

function rule(doc: PdfDocument, left: number, width: number) {
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .lineWidth(0.5)
    .stroke();
  doc.y += 2;
}

/**
 * Where the printed sentence sends the reader: DGI's site, but for an e-Ticket and its credit
 * note the issuer's own page, where it publishes them (CFE v24, printed representation §3, §5;
 * docs/decisions/097-e-ticket-verification.md).
 */
const verifyAddressOf = (print: CfePrint) =>
  // The store's address on a line of its own, so it breaks only if it is longer than the line.
  print.draft.kind === 101 || print.draft.kind === 102
    ? `\n${line(print.storeVerifyUrl)}`
    : ' www.dgi.gub.uy';

/**
 * The digital seal, bottom left: the QR and the security code under it; beside them the
 * verification sentence, the IVA legend, the CAE and its range; the CAE's expiry in its box.
 */
function drawSeal(
  doc: PdfDocument,
  print: CfePrint,
  qr: Buffer,
  at: { left: number; width: number; top: number },
) {
  const { left, width, top } = at;
  doc
    .moveTo(left, top - 8)
    .lineTo(left + width, top - 8)
    .lineWidth(0.5)
    .stroke();
  doc.image(qr, left, top, { width: QR_SIZE, height: QR_SIZE });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text('Código de seguridad:', left, top + QR_SIZE + 4, { width: 140, lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(line(print.securityCode), left, top + QR_SIZE + 15, { width: 140, lineBreak: false });

  const textLeft = left + QR_SIZE + 18;
  const expiryWidth = 130;
  const textWidth = width - QR_SIZE - 18 - expiryWidth - 15;
  doc.font('Helvetica').fontSize(9).text('', textLeft, top);
  // DGI's layout: beside the seal, the resolution that admitted the issuer, then the sentence.
  const resolution = print.draft.issuer.resolution;
  if (resolution) doc.text(`Res. ${line(resolution)}`, { width: textWidth });
  doc.font('Helvetica-Bold').text(`Puede verificar comprobante en${verifyAddressOf(print)}`, {
    width: textWidth,
  });
  doc.font('Helvetica').text('IVA al día', { width: textWidth });
  doc.moveDown(0.4);
  doc.text(`Número de CAE: ${line(print.cae.id)}`, { width: textWidth });
  doc.text(
    `Rango autorizado: serie ${line(print.serie)}, del ${print.cae.from} al ${print.cae.to}`,
    { width: textWidth },
  );
  if (print.isTest) {
    doc.moveDown(0.4);
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .text('Comprobante de prueba (proveedor simulado): sin valor fiscal.', {
        width: textWidth,
      });
  }

  // The CAE's expiry in a box of at least 2 × 1 cm, bottom right.
  const boxLeft = left + width - expiryWidth;
  doc.rect(boxLeft, top, expiryWidth, 44).stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .text('Fecha de vencimiento CAE', boxLeft + 8, top + 8, { width: expiryWidth - 16 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(formatDay(print.cae.expiresOn), boxLeft + 8, top + 22, { width: expiryWidth - 16 });
}
