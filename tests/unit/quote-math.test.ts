import { describe, expect, it } from 'vitest';
import {
  formatPesosCents,
  lineAmountCents,
  pesosCents,
  pesosTotalText,
  quoteTotals,
} from '@shared/quote-math';
import { isValidRut } from '@shared/rut';
import { companyFieldsSchema } from '@shared/schemas/company';

describe('quote arithmetic in cents', () => {
  it('applies the discount per line and rounds each line half up to the cent', () => {
    // 10.05 x 3 = 30.15; less 12.5 % = 26.38125 -> 26.38
    expect(lineAmountCents('10.05', 3, '12.5')).toBe(2638n);
    // 0.05 less 50 % = 0.025 -> 0.03 (half up)
    expect(lineAmountCents('0.05', 1, '50')).toBe(3n);
    expect(lineAmountCents('1299.99', 2, '100')).toBe(0n);
  });

  it('sums rounded lines, then adds 22 % IVA rounded half up', () => {
    const totals = quoteTotals([
      { unitPrice: '10.05', quantity: 3, discountPercent: '12.5' },
      { unitPrice: '0.05', quantity: 1, discountPercent: '50' },
      { unitPrice: '999', quantity: 1, discountPercent: '0' },
    ]);
    expect(totals.amounts).toEqual(['26.38', '0.03', '999.00']);
    expect(totals.subtotal).toBe('1025.41');
    // 1025.41 x 0.22 = 225.5902 -> 225.59
    expect(totals.tax).toBe('225.59');
    expect(totals.total).toBe('1251.00');
  });

  it('rounds IVA half up, where truncating would lose a cent', () => {
    const taxOf = (subtotal: string) =>
      quoteTotals([{ unitPrice: subtotal, quantity: 1, discountPercent: '0' }]);
    // 206.36 x 0.22 = 45.3992 -> 45.40 (truncated: 45.39)
    expect(taxOf('206.36')).toMatchObject({ tax: '45.40', total: '251.76' });
    // 206.25 x 0.22 = 45.375, exactly half a cent -> 45.38 (truncated: 45.37)
    expect(taxOf('206.25')).toMatchObject({ tax: '45.38', total: '251.63' });
    // 206.24 x 0.22 = 45.3728 -> 45.37: below half a cent goes down
    expect(taxOf('206.24')).toMatchObject({ tax: '45.37', total: '251.61' });
  });

  it("computes IVA on each rate's net total, as the CFE adds it up", () => {
    const totals = quoteTotals([
      { unitPrice: '10.05', quantity: 1, discountPercent: '0', ivaRate: 'basica' },
      { unitPrice: '10.05', quantity: 1, discountPercent: '0', ivaRate: 'basica' },
      { unitPrice: '30.05', quantity: 1, discountPercent: '0', ivaRate: 'minima' },
      { unitPrice: '100', quantity: 1, discountPercent: '0', ivaRate: 'exento' },
    ]);
    // 20.10 × 22 % = 4.422 -> 4.42; 30.05 × 10 % = 3.005 -> 3.01 (half up); exempt: none.
    expect(totals.byRate).toEqual([
      { rate: 'basica', net: '20.10', tax: '4.42' },
      { rate: 'minima', net: '30.05', tax: '3.01' },
      { rate: 'exento', net: '100.00', tax: '0.00' },
    ]);
    expect(totals).toMatchObject({ subtotal: '150.15', tax: '7.43', total: '157.58' });
    // Per line it would be 2.21 + 2.21: per rate keeps the cent the lines would gain.
    expect(
      quoteTotals([
        { unitPrice: '10.05', quantity: 1, discountPercent: '0' },
        { unitPrice: '10.05', quantity: 1, discountPercent: '0' },
      ]).tax,
    ).toBe('4.42');
  });

  it('has no float drift where floats would have it', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(
      quoteTotals([
        { unitPrice: '0.1', quantity: 1, discountPercent: '0' },
        { unitPrice: '0.2', quantity: 1, discountPercent: '0' },
      ]).subtotal,
    ).toBe('0.30');
  });
});

describe('RUT check digit', () => {
  it('accepts known valid RUTs, formatted or not', () => {
    expect(isValidRut('211003420017')).toBe(true);
    expect(isValidRut('21-100342-001-7')).toBe(true);
    expect(isValidRut('UY 21 140634 001 1')).toBe(true);
  });

  it('refuses a wrong check digit, length, registration number or sequence', () => {
    expect(isValidRut('210303670014')).toBe(false);
    expect(isValidRut('211003420018')).toBe(false);
    expect(isValidRut('21100342001')).toBe(false);
    expect(isValidRut('221003420017')).toBe(false);
    expect(isValidRut('210000000010')).toBe(false);
    expect(isValidRut('211003420027')).toBe(false);
  });

  it('is optional in the company form, and explains a wrong one in Spanish', () => {
    expect(companyFieldsSchema.parse({ companyName: ' ', rut: '' })).toEqual({
      companyName: undefined,
      rut: undefined,
    });
    expect(companyFieldsSchema.parse({ rut: '21-100342-001-7' }).rut).toBe('211003420017');
    const refused = companyFieldsSchema.safeParse({ rut: '211003420018' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['rut'],
      message: 'El RUT no es válido',
    });
  });
});

describe('total in pesos', () => {
  it('multiplies in cents and rounds half up', () => {
    // 1049.00 x 39.5 = 41435.50 exactly; 0.01 x 39.505 = 0.39505 -> 0.40 (half up).
    expect(pesosCents('1049.00', '39.5')).toBe(4143550n);
    expect(pesosCents('0.01', '39.505')).toBe(40n);
    expect(pesosCents('0.01', '39.4999')).toBe(39n);
    expect(pesosCents('123456789.99', '43.1234')).toBe(532387653745n);
  });
  it('writes pesos as es-UY does', () => {
    expect(pesosTotalText('1049.00', '39.50')).toBe(
      'Total en pesos uruguayos: $ 41.435,50 al tipo de cambio 39,5',
    );
    expect(formatPesosCents(5n)).toBe('$ 0,05');
  });
});
