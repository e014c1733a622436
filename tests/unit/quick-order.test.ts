import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from '@shared/quick-order';

/** About 400 KB of separators in one line, in the shapes that made the old pattern backtrack. */
const SEPARATORS = 400_000;
const PATHOLOGICAL_LINES = [
  `a${';'.repeat(SEPARATORS)} x y`,
  `sku${';'.repeat(SEPARATORS)}x`,
  `"TD-1${' ;,'.repeat(SEPARATORS / 3)}"x`,
  `${'a;'.repeat(SEPARATORS / 2)} 5`,
  ';'.repeat(SEPARATORS),
];

/** Reads the lines in a worker thread, the parse timed there. */
const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const { parseQuickOrder } = await import(workerData.module);
const times = workerData.lines.map((line) => {
  const start = performance.now();
  const parsed = parseQuickOrder(line + '\\nTD-9 2');
  if (!parsed.lines.some((l) => l.sku === 'TD-9' && l.quantity === 2)) throw new Error(line);
  return performance.now() - start;
});
parentPort.postMessage(times);
`;

/**
 * The milliseconds each line took to parse, or a failure after `limitMs`: the parse runs in a
 * worker that is stopped then, so a parse that backtracks for hours fails the test instead of
 * hanging it (a test's own timeout cannot interrupt synchronous code).
 */
function parseTimes(lines: string[], limitMs: number): Promise<number[]> {
  const module = pathToFileURL(path.resolve('src/shared/quick-order.ts')).href;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`), {
    execArgv: ['--import', 'tsx'],
    workerData: { module, lines },
  });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<number[]>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not parsed within ${limitMs} ms`)), limitMs);
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the worker stopped without an answer')));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

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

  // The old pattern took seconds on 'a' + 4,000 ';' + ' x y' and minutes on twice that: each
  // of these lines, a hundred times longer, parses in well under a second. The worker's start
  // (TypeScript compiled on the fly) is most of the limit.
  it(
    'reads lines of hundreds of KB of separators in linear time',
    { timeout: 30_000 },
    async () => {
      const times = await parseTimes(PATHOLOGICAL_LINES, 20_000);
      expect(times).toHaveLength(PATHOLOGICAL_LINES.length);
      for (const ms of times) expect(ms).toBeLessThan(1000);
    },
  );

  it('reads a line made of separators only as blank, and a SKU with separators around it', () => {
    expect(parseQuickOrder(';;; ,,\n  ;TD-1;;;7;;  ')).toEqual({
      lines: [{ sku: 'TD-1', quantity: 7 }],
      problems: [],
    });
  });
});
