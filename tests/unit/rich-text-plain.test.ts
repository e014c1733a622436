import { describe, expect, it } from 'vitest';
import { clipDescription, richTextPlain } from '@client/lib/seo';

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

describe('clipDescription', () => {
  const sentence = (words: number, word = 'palabra') => `${Array(words).fill(word).join(' ')}.`;

  it('keeps a short text whole', () => {
    expect(clipDescription('  Notebook   liviana. ')).toBe('Notebook liviana.');
  });

  it('ends at the last whole sentence when it fills most of the room', () => {
    const first = sentence(12); // 96 characters
    const text = `${first} ${sentence(20, 'otra')}`;
    expect(clipDescription(text)).toBe(first);
  });

  it('cuts at a word with an ellipsis, never after punctuation', () => {
    // Sentences too short to end on (the last '. ' before 80) and a comma at the cut.
    const text = `Corta. ${'palabra, '.repeat(30)}`;
    const clipped = clipDescription(text);
    expect(clipped.length).toBeLessThan(160);
    expect(clipped).toMatch(/palabra…$/);
    expect(clipped).not.toMatch(/[.,]…$/);
  });
});
