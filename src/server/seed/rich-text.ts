import type { RichTextDoc } from '../db/schema';

type Mark = { type: 'bold' | 'italic' };
type TextNode = { type: 'text'; text: string; marks?: Mark[] };

/**
 * Inline text with `**bold**` and `_italic_` spans turned into TipTap text nodes.
 * Empty pieces are dropped: ProseMirror rejects empty text nodes.
 */
function inline(source: string): TextNode[] {
  const nodes: TextNode[] = [];
  const pattern = /\*\*(.+?)\*\*|_(.+?)_/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push({ type: 'text', text: source.slice(last, index) });
    if (match[1]) nodes.push({ type: 'text', text: match[1], marks: [{ type: 'bold' }] });
    else if (match[2]) nodes.push({ type: 'text', text: match[2], marks: [{ type: 'italic' }] });
    last = index + match[0].length;
  }
  if (last < source.length) nodes.push({ type: 'text', text: source.slice(last) });
  return nodes;
}

const paragraph = (source: string): RichTextDoc => ({ type: 'paragraph', content: inline(source) });

/**
 * A product description as a TipTap (StarterKit) document: a level-2 heading, the intro
 * paragraphs, a bullet list of highlights and an italic closing note.
 */
export function productDescription(input: {
  heading: string;
  intro: string[];
  highlights: string[];
  closing: string;
}): RichTextDoc {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: inline(input.heading) },
      ...input.intro.map(paragraph),
      {
        type: 'bulletList',
        content: input.highlights.map((item) => ({
          type: 'listItem',
          content: [paragraph(item)],
        })),
      },
      paragraph(`_${input.closing}_`),
    ],
  };
}
