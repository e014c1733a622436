// A quantity typed into a line (product page, cart, checkout). The field reads the text the
// buyer typed and says why it cannot take it; the server still checks every line of the quote
// (docs/decisions/015-server-authoritative-prices-and-stock.md).
import { quantityCapMessage, quantityInvalidMessage, stockLimitMessage } from './client-messages';
import { QUOTE_MAX_QUANTITY } from './quote-limits';

export const QUANTITY_MIN = 1;

/**
 * The most one line may ask: QUOTE_MAX_QUANTITY, and the stock left when the stock bounds the
 * line (`stock` absent: asked without stock, or not known yet).
 */
export const quantityCap = (stock?: number) =>
  stock === undefined
    ? QUOTE_MAX_QUANTITY
    : Math.max(QUANTITY_MIN, Math.min(stock, QUOTE_MAX_QUANTITY));

export type QuantityReading = { quantity: number; error?: undefined } | { error: string };

/**
 * '12' -> 12. Only digits are a quantity ('1,5', '-2', '1e3' and blanks are not): the field is
 * numeric, and a decimal comma read as a thousands dot would ask a hundred times more.
 */
export function readQuantity(text: string, stock?: number): QuantityReading {
  const cap = quantityCap(stock);
  const digits = text.trim();
  if (!/^\d+$/.test(digits) || Number(digits) < QUANTITY_MIN) {
    return { error: quantityInvalidMessage(cap) };
  }
  const quantity = Number(digits);
  if (quantity > QUOTE_MAX_QUANTITY) return { error: quantityCapMessage(QUOTE_MAX_QUANTITY) };
  if (quantity > cap) return { error: stockLimitMessage(cap, 0) };
  return { quantity };
}
