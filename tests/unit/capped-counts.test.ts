// The texts of counts that may stop at a cap (docs/decisions/067-*.md) and of the import's
// refusals at scale (069): what a shop visitor and an admin read, branch by branch.
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/client-messages';
import { formatCount } from '@shared/format';
import { importMessages } from '@shared/import-messages';
import { toCappedPage } from '@shared/page';

const exact = { total: 30, isTotalCapped: false };
const capped = { total: 10_000, isTotalCapped: true };

describe('a count that may stop at a cap', () => {
  it('writes counts with thousands dots', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(10_000)).toBe('10.000');
    expect(formatCount(1_200_600)).toBe('1.200.600');
  });

  it('pages up to the cap and says when the total went past it', () => {
    const under = toCappedPage(['a'], 30, 3, 12, 10_000);
    expect(under).toMatchObject({ total: 30, isTotalCapped: false, pageCount: 3 });
    const past = toCappedPage(['a'], 10_001, 834, 12, 10_000);
    expect(past).toMatchObject({ total: 10_000, isTotalCapped: true, pageCount: 834 });
  });

  it('says an exact total as before and a capped one as "más de"', () => {
    expect(messages.shopProductsFound(exact)).toBe(messages.productsFound(30));
    expect(messages.shopProductsFound(exact, 'mouse')).toBe(messages.productsFound(30, 'mouse'));
    expect(messages.shopProductsFound(capped)).toBe('Más de 10.000 productos disponibles');
    expect(messages.shopProductsFound({ total: 200, isTotalCapped: true }, 'notebok')).toBe(
      'Más de 200 productos encontrados para "notebok"',
    );
    expect(messages.shopShowing({ first: 13, last: 24 }, exact)).toBe(
      'Mostrando 13 - 24 de 30 productos',
    );
    expect(messages.shopShowing({ first: 9_997, last: 10_000 }, capped)).toBe(
      'Mostrando 9.997 - 10.000 de más de 10.000 productos',
    );
    expect(messages.searchResultsCount({ total: 24, isTotalCapped: false })).toBe('24 resultados');
    expect(messages.searchResultsCount({ total: 800, isTotalCapped: true })).toBe(
      'Más de 800 resultados',
    );
  });

  it('tells a visitor at the end of the window or past the last page what to do', () => {
    expect(messages.shopWindowEnd(10_000)).toContain('hasta 10.000 productos por listado');
    expect(messages.shopWindowEnd(200, 'notebok')).toContain('hasta 200 resultados por búsqueda');
    expect(messages.shopPageEmptyHint(1)).toBe('Esta lista tiene una sola página.');
    expect(messages.shopPageEmptyHint(834)).toBe('Esta lista llega hasta la página 834.');
    expect(messages.goToPage(834)).toBe('Ir a la página 834');
  });
});

describe('the import refusals at scale', () => {
  it('names at most ten products and counts the rest', () => {
    const names = Array.from({ length: 12 }, (_, i) => `Producto ${i + 1}`);
    expect(importMessages.stockChanged(names.slice(0, 2))).toContain('Producto 1, Producto 2.');
    const many = importMessages.stockChanged(names);
    expect(many).toContain('Producto 10 y 2 más.');
    expect(many).not.toContain('Producto 11');
  });

  it('writes its limits and counts with thousands dots, one and many apart', () => {
    expect(importMessages.tooManyRows(100_000)).toBe(
      'El archivo tiene más de 100.000 filas: dividilo en varios archivos',
    );
    expect(importMessages.fileTooLarge(48)).toBe('El archivo supera el máximo de 48 MB');
    expect(importMessages.invalidRows(1)).not.toBe(importMessages.invalidRows(2));
    expect(importMessages.invalidRows(1_200)).toContain('1.200 filas con errores');
    expect(importMessages.unusualPricesUnconfirmed(1)).not.toBe(
      importMessages.unusualPricesUnconfirmed(2),
    );
    expect(importMessages.applied({ created: 25_000, updated: 0, unchanged: 1 })).toBe(
      'Importación aplicada: 25.000 creadas, 0 actualizadas, 1 sin cambios.',
    );
  });
});
