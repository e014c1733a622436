// The 'Estado de cuenta' as a PDF (pdfkit, like the quote): the store, the payer, its credit,
// its open orders and its latest payments, amounts in US$ and the balance in pesos at today's
// rate (docs/decisions/084-payments-statement-and-receivables.md). The shape it takes is
// written here so this module needs nothing from the collections room.
import PDFDocument from 'pdfkit';
import {
  CHEQUE_PENDING_LABEL,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/collections';
import { type RateInfo, pesosAtRateText } from '@shared/exchange-rate';
import { formatDate, formatDay, formatMoney } from '@shared/format';
import { paymentTermsLabel } from '@shared/payment-terms';
import { drawTableRow, type PdfColumn } from './table';

export type StatementDocument = {
  today: string;
  name: string;
  rut: string | null;
  credit: {
    paymentTermsDays: number;
    paymentTermsFrom: string;
    creditLimit: string | null;
    available: string | null;
  };
  orders: {
    id: number;
    createdAt: Date;
    dueOn: string | null;
    amountDue: string;
    paid: string;
    balance: string;
    paymentStatus: string;
    toCollect: string;
  }[];
  payments: {
    receivedOn: string;
    method: PaymentMethod;
    bank: string | null;
    chequeNumber: string | null;
    amount: string;
    isToCollect: boolean;
    collectOn: string | null;
    reversedAt: Date | null;
  }[];
  totals: { balance: string; overdue: string; toCollect: string };
  rate: RateInfo | null;
};

export type StatementIssuer = { legalName: string; rut: string | null; address: string };

const ORDER_COLUMNS: PdfColumn[] = [
  { title: 'Pedido', width: 55, align: 'left' },
  { title: 'Fecha', width: 65, align: 'left' },
  { title: 'Vence', width: 65, align: 'left' },
  { title: 'Total', width: 80, align: 'right' },
  { title: 'Pagado', width: 80, align: 'right' },
  { title: 'Saldo', width: 80, align: 'right' },
  { title: 'Estado', width: 70, align: 'left' },
];
const PAYMENT_COLUMNS: PdfColumn[] = [
  { title: 'Fecha', width: 65, align: 'left' },
  { title: 'Forma', width: 90, align: 'left' },
  { title: 'Detalle', width: 170, align: 'left' },
  { title: 'Importe', width: 80, align: 'right' },
  { title: 'Estado', width: 90, align: 'left' },
];

export function renderStatementPdf(
  statement: StatementDocument,
  issuer: StatementIssuer,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Estado de cuenta ${statement.name}`, Author: issuer.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(14).text(issuer.legalName, left);
  doc.font('Helvetica').fontSize(9);
  if (issuer.rut) doc.text(`RUT: ${issuer.rut}`);
  doc.text(issuer.address);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(16).text('Estado de cuenta');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Al ${formatDay(statement.today)}`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text(statement.name);
  doc.font('Helvetica');
  if (statement.rut) doc.text(`RUT: ${statement.rut}`);
  const { credit } = statement;
  doc.text(
    `Condiciones de pago: ${paymentTermsLabel(credit.paymentTermsDays, credit.paymentTermsFrom)}`,
  );
  if (credit.creditLimit !== null) {
    doc.text(`Límite de crédito: ${formatMoney(credit.creditLimit)}`);
    doc.text(`Crédito disponible: ${formatMoney(credit.available ?? '0')}`);
  }
  doc.moveDown();

  const row = (columns: PdfColumn[], cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    drawTableRow(doc, left, columns, cells, bold);
  };

  doc.font('Helvetica-Bold').fontSize(11).text('Pedidos con saldo', left);
  doc.moveDown(0.3);
  if (statement.orders.length === 0) {
    doc.font('Helvetica').fontSize(9).text('No hay pedidos con saldo pendiente.');
  } else {
    row(
      ORDER_COLUMNS,
      ORDER_COLUMNS.map((column) => column.title),
      true,
    );
    for (const order of statement.orders) {
      row(ORDER_COLUMNS, [
        `N° ${order.id}`,
        formatDate(order.createdAt),
        order.dueOn ? formatDay(order.dueOn) : 'A la entrega',
        formatMoney(order.amountDue),
        formatMoney(order.paid),
        formatMoney(order.balance),
        order.paymentStatus,
      ]);
    }
  }
  doc.moveDown(0.5);
  const totals: [string, string][] = [
    ['Saldo', formatMoney(statement.totals.balance)],
    ['Vencido', formatMoney(statement.totals.overdue)],
    ['Cheques a cobrar', formatMoney(statement.totals.toCollect)],
  ];
  for (const [label, value] of totals) {
    doc.font(label === 'Saldo' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(`${label}: ${value}`, left, doc.y, { align: 'right', width });
  }
  if (statement.rate) {
    doc.font('Helvetica').fontSize(9);
    doc.text(
      `Saldo en pesos: ${pesosAtRateText(statement.totals.balance, statement.rate)}`,
      left,
      doc.y,
      {
        align: 'right',
        width,
      },
    );
  }
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Pagos', left);
  doc.moveDown(0.3);
  if (statement.payments.length === 0) {
    doc.font('Helvetica').fontSize(9).text('Todavía no hay pagos registrados.');
  } else {
    row(
      PAYMENT_COLUMNS,
      PAYMENT_COLUMNS.map((column) => column.title),
      true,
    );
    for (const payment of statement.payments) {
      row(PAYMENT_COLUMNS, [
        formatDay(payment.receivedOn),
        PAYMENT_METHOD_LABELS[payment.method],
        [payment.bank, payment.chequeNumber && `N° ${payment.chequeNumber}`]
          .filter(Boolean)
          .join(' · '),
        formatMoney(payment.amount),
        payment.reversedAt
          ? 'Revertido'
          : payment.isToCollect && payment.collectOn
            ? `${CHEQUE_PENDING_LABEL} (${formatDay(payment.collectOn)})`
            : 'Acreditado',
      ]);
    }
  }
  doc.moveDown();
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text('Importes en dólares estadounidenses (US$), IVA incluido.', left);
  doc.end();
  return done;
}
