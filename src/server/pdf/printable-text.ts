// What the quote PDF draws of a stored text (docs/decisions/077-what-a-quote-prints.md). Its
// font is the standard Helvetica in WinAnsi encoding: pdfkit writes any other character as
// some byte of that encoding, so '中文' printed as 'N-e' and 'ł' as 'B', other text than the
// one stored. The names typed today are refused at their field when the font cannot draw them
// (`documentLine`, shared/schemas/common.ts); older rows, product names and free texts pass
// through here: what cannot be drawn prints as its unaccented letter or as '?', never as
// another letter.

/** The characters of WinAnsi between 0x80 and 0x9F, which are not Latin-1's. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** True when Helvetica in WinAnsi draws `char` (one code point): Latin-1's printable part or an extra. */
export function isDrawable(char: string) {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
  );
}

/** Letters with no decomposition that read well as a plain one. */
const PLAIN_LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i' };

/** Invisible marks: joiners, direction overrides, variation selectors. Dropped. */
const INVISIBLE = /^[\p{Cf}\p{M}]$/u;

/** One code point as the font draws it: itself, its letter without the accent, or '?'. */
function drawnAs(char: string): string {
  if (isDrawable(char)) return char;
  if (INVISIBLE.test(char)) return '';
  const plain = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain !== '' && [...plain].every(isDrawable) ? plain : '?';
}

const drawable = (text: string) => [...text.normalize('NFC')].map(drawnAs).join('');

/**
 * A one-line field (a name, a RUT, an address, an OC): every run of white space or control
 * characters is one space, so no stored line break ever adds a line to the PDF.
 */
export const printedLine = (text: string) => drawable(text.replace(/[\s\p{Cc}]+/gu, ' ').trim());

/**
 * A text of paragraphs (the terms, the note): its line breaks stay line breaks, other control
 * characters are spaces.
 */
export const printedParagraphs = (text: string) =>
  text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => drawable(line.replace(/[\s\p{Cc}]+/gu, ' ').trimEnd()))
    .join('\n')
    .trim();
