// Loaded only through React.lazy from the dashboard, so TipTap never reaches the shop bundle.
import type { ChainedCommands, Editor, JSONContent } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  type LucideIcon,
  Strikethrough,
} from 'lucide-react';
import { Fragment } from 'react';
import type * as React from 'react';
import { cn } from '@client/lib/cn';

export type RichTextEditorProps = {
  id: string;
  value: JSONContent;
  onChange: (value: JSONContent) => void;
  onBlur?: () => void;
  isInvalid?: boolean;
  describedBy?: string;
  label: string;
};

// The document schema of shared/schemas/product.ts accepts only what this kit produces:
// links and underline stay off so no href is ever stored.
const extensions = [
  StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false, underline: false }),
];

type Format = { label: string; icon: LucideIcon; startsGroup?: boolean } & (
  { type: 'heading'; level: 1 | 2 | 3 } | { type: 'bold' | 'italic' | 'strike' }
);

/** The toolbar: the three heading levels, then the marks (by the kit's names for them). */
const FORMATS: Format[] = [
  { label: 'Título 1', icon: Heading1, type: 'heading', level: 1 },
  { label: 'Título 2', icon: Heading2, type: 'heading', level: 2 },
  { label: 'Título 3', icon: Heading3, type: 'heading', level: 3 },
  { label: 'Negrita', icon: Bold, type: 'bold', startsGroup: true },
  { label: 'Cursiva', icon: Italic, type: 'italic' },
  { label: 'Tachado', icon: Strikethrough, type: 'strike' },
];

const isApplied = (editor: Editor, format: Format) =>
  format.type === 'heading'
    ? editor.isActive('heading', { level: format.level })
    : editor.isActive(format.type);

const toggle = (chain: ChainedCommands, format: Format) =>
  format.type === 'heading'
    ? chain.toggleHeading({ level: format.level })
    : chain.toggleMark(format.type);

export default function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  isInvalid,
  describedBy,
  label,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.getJSON()),
    onBlur: () => onBlur?.(),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'prose-description min-h-48 px-3 py-2 text-sm focus-visible:outline-none [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => FORMATS.map((format) => isApplied(current, format)),
  });

  return (
    <div
      className={cn(
        'bg-card rounded-md border shadow-sm focus-within:ring-2 focus-within:ring-offset-2',
        isInvalid
          ? 'border-destructive focus-within:ring-destructive'
          : 'border-input focus-within:ring-ring',
      )}
    >
      <div
        role="toolbar"
        aria-label="Formato de la descripción"
        className="border-border flex flex-wrap gap-1 border-b p-1.5"
      >
        {FORMATS.map((format, index) => (
          <Fragment key={format.label}>
            {format.startsGroup && (
              <span aria-hidden="true" className="bg-border mx-1 w-px self-stretch" />
            )}
            <ToolbarButton
              label={format.label}
              isActive={active[index] ?? false}
              onClick={() => toggle(editor.chain().focus(), format).run()}
            >
              <format.icon />
            </ToolbarButton>
          </Fragment>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolbarButton({
  label,
  isActive,
  onClick,
  children,
}: {
  label: string;
  isActive: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isActive}
      // Keeps the focus (and the selection) in the editor. Otherwise the press moves the focus
      // to this button, and TipTap's focus() gives it back only on the next animation frame:
      // a key typed in between reaches the button and the first character is lost.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring inline-flex size-8 items-center justify-center rounded-md focus-visible:ring-2 focus-visible:outline-none [&_svg]:size-4',
        isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground',
      )}
    >
      {children}
    </button>
  );
}
