// Renders a stored TipTap (ProseMirror JSON) document read-only, without shipping the editor
// to the shop. Text goes through React as text nodes, never as HTML, so a description cannot
// inject markup. Unknown nodes render their children; unknown marks are ignored.
import { Fragment, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export type RichTextNode = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
};

const MARK_TAGS: Record<string, 'strong' | 'em' | 's' | 'code' | 'u'> = {
  bold: 'strong',
  italic: 'em',
  strike: 's',
  code: 'code',
  underline: 'u',
};

function renderText(node: RichTextNode, key: number): ReactNode {
  let element: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    const Tag = MARK_TAGS[mark.type];
    if (Tag) element = <Tag>{element}</Tag>;
  }
  return <span key={key}>{element}</span>;
}

function headingLevel(attrs: RichTextNode['attrs']): 2 | 3 | 4 {
  // The page title is the h1: document levels 1-3 render one step lower.
  const level = Number(attrs?.level ?? 1);
  return level <= 1 ? 2 : level === 2 ? 3 : 4;
}

const HEADING_CLASSES = {
  2: 'text-xl font-bold',
  3: 'text-lg font-semibold',
  4: 'text-base font-semibold',
} as const;

/** Nodes that are one element around their children. */
const WRAPPERS: Record<string, { tag: 'p' | 'ul' | 'li' | 'blockquote'; className?: string }> = {
  paragraph: { tag: 'p' },
  bulletList: { tag: 'ul', className: 'list-disc space-y-1 pl-6' },
  listItem: { tag: 'li' },
  blockquote: {
    tag: 'blockquote',
    className: 'border-border text-muted-foreground border-l-4 pl-4',
  },
};

function renderNode(node: RichTextNode, key: number): ReactNode {
  const children = node.content?.map(renderNode);
  const wrapper = WRAPPERS[node.type];
  if (wrapper) {
    const Tag = wrapper.tag;
    return (
      <Tag key={key} className={wrapper.className}>
        {children}
      </Tag>
    );
  }
  switch (node.type) {
    case 'text':
      return renderText(node, key);
    case 'heading': {
      const level = headingLevel(node.attrs);
      const Tag = `h${level}` as const;
      return (
        <Tag key={key} className={HEADING_CLASSES[level]}>
          {children}
        </Tag>
      );
    }
    case 'orderedList':
      return (
        <ol
          key={key}
          start={typeof node.attrs?.start === 'number' ? node.attrs.start : undefined}
          className="list-decimal space-y-1 pl-6"
        >
          {children}
        </ol>
      );
    case 'codeBlock':
      return (
        <pre key={key} className="bg-muted overflow-x-auto rounded-md p-3 text-sm">
          <code>{children}</code>
        </pre>
      );
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} className="border-border" />;
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

export function RichTextView({ doc, className }: { doc: RichTextNode; className?: string }) {
  return (
    <div className={cn('text-foreground space-y-3 leading-relaxed', className)}>
      {(doc.content ?? []).map(renderNode)}
    </div>
  );
}
