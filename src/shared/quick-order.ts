// /pedido-rapido's text: one product per line, its SKU then the quantity, as a person types it
// or pastes it from a spreadsheet ('TD-000123 5', 'TD-000123;5', 'TD-000123<tab>5'). A line with
// a SKU alone asks for one unit. The server then looks the SKUs up (quickOrder.resolve).
import { CART_LINES_MAX } from './schemas/catalog';
import { QUOTE_MAX_QUANTITY } from './schemas/order';
import { SKU_MAX } from './schemas/product';

export type QuickOrderLine = { sku: string; quantity: number };
export type QuickOrderProblem = { line: number; message: string };

/**
 * What separates a line's SKU from its quantity: spaces, tabs, ';' or ','. A SKU has none of
 * them (SKU_PATTERN), so a line is split once at these, in time linear in its length: the
 * regular expression that used to read a line backtracked, and 'a' + 4,000 ';' + ' x y' took
 * seconds.
 */
const SEPARATORS = /[\s;,]+/;
/** What a spreadsheet's header row may call the quantity column. */
const QUANTITY_HEADERS = new Set(['cantidad', 'qty', 'quantity']);

/** A cell as a spreadsheet may have quoted it ('"TD-000123"'), without its quotes. */
const unquoted = (cell: string) =>
  cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1) : cell;

/** The line's cells: what the separators leave, blank ones (a trailing ';') dropped. */
const cellsOf = (line: string) =>
  line
    .split(SEPARATORS)
    .filter((cell) => cell !== '')
    .map(unquoted);

/** A spreadsheet's header row ('SKU;cantidad'), skipped when it is the first line. */
const isHeader = ([first, second, ...rest]: string[]) =>
  first?.toLowerCase() === 'sku' &&
  rest.length === 0 &&
  (second === undefined || QUANTITY_HEADERS.has(second.toLowerCase()));

/** Largest CSV file /pedido-rapido reads: 200 lines of a SKU and a quantity fit many times. */
export const QUICK_ORDER_FILE_MAX_BYTES = 64 * 1024;

/**
 * The lines to look up, the same SKU twice added into one, and what could not be read (by
 * line number, from 1). Blank lines are skipped.
 */
export function parseQuickOrder(text: string): {
  lines: QuickOrderLine[];
  problems: QuickOrderProblem[];
} {
  const byKey = new Map<string, QuickOrderLine>();
  const problems: QuickOrderProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const cells = cellsOf(raw);
    if (cells.length === 0 || (line === 1 && isHeader(cells))) return;
    const [sku = '', quantityText = '1'] = cells;
    if (cells.length > 2 || sku === '' || sku.length > SKU_MAX) {
      problems.push({ line, message: `Línea ${line}: escribí el SKU y la cantidad` });
      return;
    }
    const quantity = Number(quantityText);
    if (!/^\d+$/.test(quantityText) || quantity < 1 || quantity > QUOTE_MAX_QUANTITY) {
      problems.push({
        line,
        message: `Línea ${line}: la cantidad debe ser un número entre 1 y ${QUOTE_MAX_QUANTITY}`,
      });
      return;
    }
    const key = sku.toUpperCase();
    const seen = byKey.get(key);
    byKey.set(key, {
      sku: seen?.sku ?? sku,
      quantity: Math.min(QUOTE_MAX_QUANTITY, (seen?.quantity ?? 0) + quantity),
    });
  });
  const lines = [...byKey.values()];
  if (lines.length > CART_LINES_MAX) {
    problems.push({ line: 0, message: `Un pedido rápido admite hasta ${CART_LINES_MAX} líneas` });
  }
  return { lines: lines.slice(0, CART_LINES_MAX), problems };
}
