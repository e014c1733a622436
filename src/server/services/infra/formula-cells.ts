// The exports write a cell that a spreadsheet would run as a formula with a leading '
// (csv-stringify's `escape_formulas`, services/infra/csv-download.ts): `=1+2` becomes `'=1+2`. The
// catalogue import takes that ' off again, so a product named `=1+2` survives export → import.

/**
 * Quotes and then one of what csv-stringify 6.9 escapes: =, +, -, @, tab, carriage return, and
 * the full-width ＝ ＋ － ＠ that Apple Numbers reads as their ASCII forms.
 */
const QUOTED_FORMULA = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Text that already starts with quotes before a formula character (`'=1`): the export adds one
 * more quote to it too, so that taking one off always gives back what was written.
 */
export const startsWithQuotedFormula = (text: string) => QUOTED_FORMULA.test(text);

/**
 * The text an exported cell held: one leading ' removed when quotes and a formula character
 * follow it (`'=1+2` → `=1+2`, `''=1` → `'=1`); any other cell as it is.
 */
export function unescapeFormulaCell(cell: string): string {
  return startsWithQuotedFormula(cell) ? cell.slice(1) : cell;
}
