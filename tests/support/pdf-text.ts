// A PDF's text as poppler's pdftotext extracts it (`-layout` keeps each printed line a line;
// `{ layout: false }` reads block by block, so a boxed block stays together).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function pdfText(pdf: Buffer | string, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tienda-pdf-'));
  try {
    const file = path.join(dir, 'cotizacion.pdf');
    writeFileSync(file, pdf);
    return execFileSync(
      'pdftotext',
      [...(options.layout === false ? [] : ['-layout']), file, '-'],
      { encoding: 'utf8' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
