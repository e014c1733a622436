// Uruguay's RUT (Registro Único Tributario): 12 digits, the last a check digit
// (docs/decisions/040-rut-check-digit.md).

const WEIGHTS = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The RUT as the customer may type it ('21-100342-001-7', 'UY 211003420017') reduced to digits. */
export const compactRut = (value: string) =>
  value
    .replace(/[\s.-]/g, '')
    .toUpperCase()
    .replace(/^UY/, '');

/**
 * DGI's rules: registration number 01-21, a sequence number that is not all zeros, '001',
 * and the check digit: 11 minus the weighted sum modulo 11, where 11 becomes 0 and 10 is
 * never valid.
 */
export function isValidRut(value: string): boolean {
  const rut = compactRut(value);
  if (!/^\d{12}$/.test(rut)) return false;
  const registration = Number(rut.slice(0, 2));
  if (registration < 1 || registration > 21) return false;
  if (rut.slice(2, 8) === '000000' || rut.slice(8, 11) !== '001') return false;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(rut[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(rut[11]);
}
