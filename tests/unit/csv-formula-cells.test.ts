// The downloads' CSV writer and the catalogue import's reading of it are exact inverses: every
// cell comes back as the text it was, formula-like or not, while no cell that a spreadsheet
// would run is written as is.
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { unescapeFormulaCell } from '@server/services/infra/formula-cells';
import { csvDownloadStream } from '@server/services/infra/csv-download';

const CELLS = [
  '=1+2',
  '+598 99 123 456',
  '-5',
  '@casa',
  '\tcon tabulador',
  '\rcon retorno',
  '＝1+2',
  "'=ya con comilla",
  "''=dos comillas",
  "'comilla sola",
  'texto común',
  'a=b',
  // A line break inside a cell: quoted, so the text after it stays in the cell.
  'línea\n=1+2',
  'línea\r=1+2',
  'línea\r\n=1+2',
  '',
];

async function written(cells: string[]) {
  const file = await text(
    csvDownloadStream(
      cells.map((cell) => [cell]),
      ['celda'],
    ),
  );
  return parse<{ celda: string }>(file, { bom: true, delimiter: ';', columns: true }).map(
    (row) => row.celda,
  );
}

describe('formula cells', () => {
  it('writes every formula-like cell behind a single quote', async () => {
    const cells = await written(CELLS);
    expect(cells.slice(0, 7)).toEqual(CELLS.slice(0, 7).map((cell) => `'${cell}`));
    // A quote already before a formula character gets one more, so it survives the reading.
    expect(cells.slice(7, 9)).toEqual(["''=ya con comilla", "'''=dos comillas"]);
    expect(cells.slice(9)).toEqual(CELLS.slice(9));
  });

  it('reads each written cell back as the original text', async () => {
    expect((await written(CELLS)).map(unescapeFormulaCell)).toEqual(CELLS);
  });

  it('takes one quote off only where quotes and a formula character follow', () => {
    expect(unescapeFormulaCell("'=1+2")).toBe('=1+2');
    expect(unescapeFormulaCell("'\t1")).toBe('\t1');
    expect(unescapeFormulaCell("'hola")).toBe("'hola");
    expect(unescapeFormulaCell("''=1")).toBe("'=1");
    expect(unescapeFormulaCell('=1')).toBe('=1');
  });
});
