import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from '@shared/quick-order';

describe('parseQuickOrder', () => {
  it('reads SKU and quantity separated by spaces, tabs, ; or , and one unit without a quantity', () => {
    expect(parseQuickOrder('TD-1 5\nTD-2\t3\nTD-3;2\n\nTD-4, 7\nTD-5').lines).toEqual([
      { sku: 'TD-1', quantity: 5 },
      { sku: 'TD-2', quantity: 3 },
      { sku: 'TD-3', quantity: 2 },
      { sku: 'TD-4', quantity: 7 },
      { sku: 'TD-5', quantity: 1 },
    ]);
  });

  it('adds the same SKU twice, whatever its case, into one line', () => {
    expect(parseQuickOrder('td-1 2\nTD-1 3').lines).toEqual([{ sku: 'td-1', quantity: 5 }]);
  });

  it('names the lines it cannot read, and keeps the others', () => {
    const parsed = parseQuickOrder('TD-1 0\nTD-2 muchos\nTD-3 2 extra\nTD-4 4');
    expect(parsed.lines).toEqual([{ sku: 'TD-4', quantity: 4 }]);
    expect(parsed.problems.map((problem) => problem.line)).toEqual([1, 2, 3]);
    expect(parsed.problems[0]!.message).toBe(
      'Línea 1: la cantidad debe ser un número entre 1 y 999',
    );
  });

  it('reads a CSV file as /pedido-rapido gets it: a header row, quoted cells, a trailing ;', () => {
    const parsed = parseQuickOrder('SKU;cantidad\r\n"TD-1";"4"\r\nTD-2;2;\r\n');
    expect(parsed.lines).toEqual([
      { sku: 'TD-1', quantity: 4 },
      { sku: 'TD-2', quantity: 2 },
    ]);
    expect(parsed.problems).toEqual([]);
    // Only the first line can be a header: later it is a SKU 'sku' without a readable quantity.
    expect(parseQuickOrder('TD-1 1\nsku;cantidad').problems.map((p) => p.line)).toEqual([2]);
  });
});
