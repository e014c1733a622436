// A TipTap (ProseMirror) JSON document, as the product form's description stores it.
//
// The document is a tree the client sends, so it is checked with an explicit stack, never by
// recursion: a description nested thousands of levels deep must get a Spanish answer at its
// field, not overflow the call stack. Depth and node count are bounded before anything else
// (JSON.stringify, the "has text" rule, the shop's renderer) walks the tree recursively.
import { z } from 'zod';

export const DESCRIPTION_MAX_CHARS = 100_000;
/** Far deeper than anything the editor's lists and quotes produce by hand. */
export const RICH_TEXT_MAX_DEPTH = 20;
export const RICH_TEXT_MAX_NODES = 5_000;
const MAX_MARKS = 10;
const MAX_ATTRS = 10;

export const RICH_TEXT_TOO_DEEP = `La descripción admite como máximo ${RICH_TEXT_MAX_DEPTH} niveles anidados`;
export const RICH_TEXT_TOO_MANY_NODES = 'La descripción admite como máximo 5.000 elementos';
const RICH_TEXT_INVALID = 'La descripción no tiene un formato válido';
const RICH_TEXT_TOO_LONG = 'La descripción es demasiado larga';
const RICH_TEXT_EMPTY = 'La descripción no puede estar vacía';

// Only what the editor's StarterKit produces; links are off so no href ever gets stored.
const NODE_TYPES = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
] as const;
const MARK_TYPES = ['bold', 'italic', 'strike', 'code', 'underline'] as const;

const attrsSchema = z
  .record(z.string().max(40), z.union([z.string().max(100), z.number(), z.boolean(), z.null()]))
  .refine((attrs) => Object.keys(attrs).length <= MAX_ATTRS)
  .optional();

export type RichTextNode = {
  type: (typeof NODE_TYPES)[number];
  text?: string;
  attrs?: Record<string, string | number | boolean | null>;
  marks?: { type: (typeof MARK_TYPES)[number]; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
};

/** One node without its children: they are pushed on the walk's stack instead. */
const flatNodeSchema = z.object({
  type: z.enum(NODE_TYPES),
  text: z.string().max(DESCRIPTION_MAX_CHARS).optional(),
  attrs: attrsSchema,
  marks: z
    .array(z.object({ type: z.enum(MARK_TYPES), attrs: attrsSchema }))
    .max(MAX_MARKS)
    .optional(),
  content: z.array(z.unknown()).max(RICH_TEXT_MAX_NODES).optional(),
});

/**
 * Checks every node with an explicit stack (stopping at the first problem) and rebuilds the
 * tree from the parsed nodes, so keys the schema does not know are dropped.
 */
function readTree(value: unknown): { doc: RichTextNode } | { problem: string } {
  const root: RichTextNode[] = [];
  const stack: { node: unknown; depth: number; into: RichTextNode[]; at: number }[] = [
    { node: value, depth: 1, into: root, at: 0 },
  ];
  let count = 0;
  while (stack.length > 0) {
    const { node, depth, into, at } = stack.pop()!;
    if (depth > RICH_TEXT_MAX_DEPTH) return { problem: RICH_TEXT_TOO_DEEP };
    if (++count > RICH_TEXT_MAX_NODES) return { problem: RICH_TEXT_TOO_MANY_NODES };
    const parsed = flatNodeSchema.safeParse(node);
    if (!parsed.success) return { problem: RICH_TEXT_INVALID };
    const { content, ...fields } = parsed.data;
    const built: RichTextNode = fields;
    if (content) {
      built.content = new Array<RichTextNode>(content.length);
      content.forEach((child, index) =>
        stack.push({ node: child, depth: depth + 1, into: built.content!, at: index }),
      );
    }
    into[at] = built;
  }
  return { doc: root[0]! };
}

// Recursion is safe below: only trees within RICH_TEXT_MAX_DEPTH get here.
const hasText = (node: RichTextNode): boolean =>
  (node.type === 'text' && (node.text ?? '').trim() !== '') || (node.content ?? []).some(hasText);

/** A description needs at least one paragraph (anywhere, lists included) with non-blank text. */
const hasParagraphWithText = (node: RichTextNode): boolean =>
  (node.type === 'paragraph' && hasText(node)) || (node.content ?? []).some(hasParagraphWithText);

export const EMPTY_DESCRIPTION: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The document, or the one Spanish message that explains why it is refused. */
function readDocument(value: unknown): { doc: RichTextNode } | { problem: string } {
  const read = readTree(value);
  if ('problem' in read) return read;
  if (JSON.stringify(read.doc).length > DESCRIPTION_MAX_CHARS)
    return { problem: RICH_TEXT_TOO_LONG };
  if (read.doc.type !== 'doc' || !hasParagraphWithText(read.doc)) {
    return { problem: RICH_TEXT_EMPTY };
  }
  return read;
}

/** The description field: every problem is one message at the field itself. */
export const richTextDocSchema = z.unknown().transform((value, ctx): RichTextNode => {
  const read = readDocument(value);
  if ('doc' in read) return read.doc;
  ctx.addIssue({ code: 'custom', message: read.problem });
  return z.NEVER;
});
