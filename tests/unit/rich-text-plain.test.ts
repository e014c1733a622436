import { describe, expect, it } from 'vitest';
import { richTextPlain } from '@client/lib/seo';

const text = (value: string, marks?: { type: string }[]) => ({ type: 'text', text: value, marks });
const block = (type: string, ...content: object[]) => ({ type, content });

describe('richTextPlain', () => {
  it('ends a heading as a sentence so it does not run into the paragraph below', () => {
    const doc = block(
      'doc',
      block('heading', text('Potencia silenciosa en 1,24 kg')),
      block('paragraph', text('La MacBook Air arranca al instante.')),
    );
    expect(richTextPlain(doc)).toBe(
      'Potencia silenciosa en 1,24 kg. La MacBook Air arranca al instante.',
    );
  });

  it('joins the marked pieces of one paragraph as written', () => {
    const doc = block(
      'doc',
      block('paragraph', text('Mac'), text('Book', [{ type: 'bold' }]), text(' con chip M3')),
    );
    expect(richTextPlain(doc)).toBe('MacBook con chip M3.');
  });

  it('reads list items and line breaks, and skips empty blocks', () => {
    const doc = block(
      'doc',
      block('paragraph'),
      block(
        'bulletList',
        block('listItem', block('paragraph', text('Garantía oficial'))),
        block('listItem', block('paragraph', text('Envío'), { type: 'hardBreak' }, text('gratis'))),
      ),
      block('paragraph', text('¿Dudas?')),
    );
    expect(richTextPlain(doc)).toBe('Garantía oficial. Envío gratis. ¿Dudas?');
  });

  it('is empty for no document', () => {
    expect(richTextPlain(null)).toBe('');
  });
});
