// Names printed on a quote (docs/decisions/077-what-a-quote-prints.md): one line each, of what
// the PDF's font draws, refused at their field otherwise; and what the PDF itself makes of a
// stored text it cannot draw.
import { describe, expect, it } from 'vitest';
import { isDrawable, printedLine, printedParagraphs } from '@server/pdf/printable-text';
import { messages } from '@shared/client-messages';
import { registerInputSchema } from '@shared/schemas/auth';
import { companyFieldsSchema } from '@shared/schemas/company';
import { documentLine } from '@shared/schemas/common';
import { acceptRevisionInputSchema } from '@shared/schemas/quote';
import { storeProfileInputSchema } from '@shared/schemas/store-profile';

/** Every field that prints a name or a line of data on the quote, as its form checks it. */
const FIELDS = {
  fullName: registerInputSchema.shape.fullName,
  companyName: companyFieldsSchema.shape.companyName,
  legalName: storeProfileInputSchema.shape.legalName,
  address: storeProfileInputSchema.shape.address,
  phone: storeProfileInputSchema.shape.phone,
  purchaseOrder: acceptRevisionInputSchema.shape.purchaseOrder,
};

const PRINTABLE = [
  'Ñandú Comercial S.A.',
  "D'Ávila & Cía. Ltda.",
  'Müller Büro GmbH',
  'Conceição Informática Ltda.',
  '"El Tío" (sucursal 2) - MVD',
  'Œuvre Électronique',
  'OC-2026/0042 #3',
  'Av. 18 de Julio 1234, 3.º piso',
  '+598 2600 7788',
];
const NOT_DRAWN = [
  'شركة الاتصالات',
  '株式会社テスト',
  '北京科技有限公司',
  'Tienda 😀',
  'Łódź Sp. z o.o.',
];

describe('a name printed on a quote', () => {
  it.each(Object.entries(FIELDS))(
    '%s: takes Latin letters, digits and common signs',
    (_, field) => {
      for (const name of PRINTABLE) expect(field.parse(name)).toBe(name);
    },
  );

  it.each(Object.entries(FIELDS))(
    '%s: refuses Arabic, CJK, emoji and letters the PDF cannot draw, with a sentence',
    (_, field) => {
      for (const name of NOT_DRAWN) {
        expect(field.safeParse(name).error?.issues.map((issue) => issue.message)).toEqual([
          messages.documentTextRefused,
        ]);
      }
    },
  );

  it.each(Object.entries(FIELDS))(
    '%s: turns a pasted line break or control character into one space',
    (_, field) => {
      expect(field.parse('Ana\nPérez')).toBe('Ana Pérez');
      expect(field.parse(' Ejemplo\r\n\tS.A.\r')).toBe('Ejemplo S.A.');
      expect(field.parse('Ejemplo\u2028S.A.\u0000 ')).toBe('Ejemplo S.A.');
    },
  );

  it('keeps only characters the PDF font draws', () => {
    const anyLength = documentLine(10, { tooLong: 'largo' });
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const kept = anyLength.safeParse(`a${String.fromCharCode(code)}b`).data ?? '';
      for (const char of kept) expect(isDrawable(char), `U+${code.toString(16)}`).toBe(true);
    }
  });
});

describe('a stored text the PDF prints', () => {
  it('prints a one-line field on one line, whatever breaks it holds', () => {
    expect(printedLine('Ana\nPérez\r\nGómez\rRuiz\u2028Díaz\tLópez')).toBe(
      'Ana Pérez Gómez Ruiz Díaz López',
    );
  });

  it('prints what its font cannot draw as the plain letter or as ?, never as another letter', () => {
    expect(printedLine('Łódź Őrség Ａｂｃ')).toBe('Lódz Orség Abc');
    expect(printedLine('株式会社 شركة 😀')).toBe('???? ???? ?');
    // Direction overrides and joiners are invisible: dropped.
    expect(printedLine('Empresa\u202E S.A.\u200D')).toBe('Empresa S.A.');
    expect(printedLine('Ñandú – “Año” € …')).toBe('Ñandú – “Año” € …');
  });

  it('keeps the paragraphs of a free text, and nothing else that breaks a line', () => {
    expect(printedParagraphs('Transferencia\r\na 30 días\rContado\u0007 ')).toBe(
      'Transferencia\na 30 días\nContado',
    );
  });
});
