// Dollars and pesos at the day's rate, in integer cents, half up (docs/decisions/085-the-bcu-
// rate.md, 084-payments-statement-and-receivables.md), and how the rate reads.
import { describe, expect, it } from 'vitest';
import { pesosAtRateText, rateLabel } from '@shared/exchange-rate';
import { dollarsCentsOfPesos, pesosCents } from '@shared/quote-math';

describe('dollarsCentsOfPesos', () => {
  it.each([
    // [pesos, rate, dollar cents]
    ['39512.00', '39.512', 100000n],
    ['1000.00', '40', 2500n],
    ['1.00', '40', 3n], // 2,5 cents: a half goes up
    ['0.39', '40', 1n], // 0,975 cents
    ['0.19', '40', 0n], // 0,475 cents
    ['100.00', '39.5123', 253n], // 253,08…
    ['123456789.99', '41.2', 299652403n], // 2.996.524,029… dollars
  ])('%s pesos at %s are %s cents', (pesos, rate, cents) => {
    expect(dollarsCentsOfPesos(pesos, rate)).toBe(cents);
  });

  it('comes back within a cent of the pesos it was converted from', () => {
    for (const rate of ['39.512', '40.105', '38.9001']) {
      for (let pesos = 1n; pesos < 200000n; pesos += 7919n) {
        const text = `${pesos / 100n}.${String(pesos % 100n).padStart(2, '0')}`;
        const dollars = dollarsCentsOfPesos(text, rate);
        const back = pesosCents(
          `${dollars / 100n}.${String(dollars % 100n).padStart(2, '0')}`,
          rate,
        );
        const rateCents = BigInt(Math.ceil(Number(rate)));
        expect(back - pesos <= rateCents && pesos - back <= rateCents).toBe(true);
      }
    }
  });
});

describe('rateLabel', () => {
  const rate = { rate: '39.5120', quotedOn: '2026-11-27', source: 'bcu' as const, isStale: false };
  it('names the BCU and its day, or says it is out of date', () => {
    expect(rateLabel(rate)).toBe('Dólar billete BCU del 27/11/2026');
    expect(rateLabel({ ...rate, isStale: true })).toBe(
      'Cotización del 27/11/2026 (desactualizada)',
    );
    expect(rateLabel({ ...rate, source: 'manual' })).toBe(
      'Cotización ingresada por la tienda el 27/11/2026',
    );
  });
  it('writes a total in pesos with its rate', () => {
    expect(pesosAtRateText('3000', rate)).toBe(
      '$ 118.536,00 al tipo de cambio 39,512 (dólar billete BCU del 27/11/2026)',
    );
  });
});
