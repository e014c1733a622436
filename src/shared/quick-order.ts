// /pedido-rapido's text: one product per line, its SKU then the quantity, as a person types it
// or pastes it from a spreadsheet ('TD-000123 5', 'TD-000123;5', 'TD-000123<tab>5'). A line with
// a SKU alone asks for one unit. The server then looks the SKUs up (quickOrder.resolve).
import { CART_LINES_MAX } from './schemas/catalog';
import { QUOTE_MAX_QUANTITY } from './schemas/order';
import { SKU_MAX } from './schemas/product';

export type QuickOrderLine = { sku: string; quantity: number };
export type QuickOrderProblem = { line: number; message: string };

const LINE = /^(\S+?)(?:[\s;,]+(\S+))?$/;
/** A spreadsheet's header row ('SKU;cantidad'), skipped when it is the first line. */
const HEADER = /^"?sku"?(?:[\s;,]+"?(cantidad|qty|quantity)"?)?[;,]*$/i;

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
    const trimmed = raw.trim();
    if (trimmed === '' || (line === 1 && HEADER.test(trimmed))) return;
    const match = LINE.exec(trimmed);
    // A spreadsheet may quote its cells ('"TD-000123";"5"').
    const sku = match?.[1]?.replace(/[;,]+$/, '').replace(/^"(.*)"$/, '$1') ?? '';
    const quantityText = match?.[2]?.replace(/^"(.*)"$/, '$1').replace(/[;,]+$/, '') ?? '1';
    if (!match || sku === '' || sku.length > SKU_MAX) {
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
