// Money is computed in integer cents (BigInt), everywhere: the cart, the quote, its revisions
// and every comparison of two amounts. Floats only ever reach the screen, through formatMoney.

/** '1299.5' -> 129950n. Only non-negative decimals with up to two places (the schemas' rule). */
export function parseCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
}

/** 129950n -> '1299.50', as numeric columns take it. */
export const formatCents = (cents: bigint) =>
  `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** Whether two amounts are the same number of cents ('10.5' and '10.50' are). */
export const sameAmount = (a: string, b: string) => parseCents(a) === parseCents(b);

/** Σ price × quantity of the lines, as an amount ('2599.00'). */
export const sumOfLines = (lines: { price: string; quantity: number }[]) =>
  formatCents(
    lines.reduce((sum, line) => sum + parseCents(line.price) * BigInt(line.quantity), 0n),
  );
