// One row of a table in the store's PDFs (quote, delivery note, statement): each cell wraps
// inside its column, and the next row starts under the tallest cell.
import type PDFDocument from 'pdfkit';

type PdfDocument = InstanceType<typeof PDFDocument>;

export type PdfColumn = { title: string; width: number; align: 'left' | 'right' };

/** Draws `cells` from `left` in `columns`' widths; bold for a header row. */
export function drawTableRow(
  doc: PdfDocument,
  left: number,
  columns: readonly PdfColumn[],
  cells: string[],
  bold = false,
) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const y = doc.y;
  let x = left;
  let height = 0;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc.text(cell, x, y, { width: column.width - 6, align: column.align });
    height = Math.max(height, doc.y - y);
    x += column.width;
  });
  doc.x = left;
  doc.y = y + height + 4;
}
