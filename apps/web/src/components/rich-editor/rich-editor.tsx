import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useImperativeHandle, useRef, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { registerPrintBlots, type FieldTagValue } from './blots.ts';
import styles from './rich-editor.module.css';

/** What a parent can do with the editor besides typing. */
export interface RichEditorHandle {
  /** Inserts a non-editable field tag at the cursor (or the end when the editor never had focus). */
  insertField(value: FieldTagValue): void;
  insertPageBreak(): void;
  insertTable(rows: number, columns: number): void;
  /** Table edits at the cursor (no-ops outside a table). */
  tableAction(action: TableAction): void;
  getHTML(): string;
}

export type TableAction =
  | 'insertRowAbove'
  | 'insertRowBelow'
  | 'insertColumnLeft'
  | 'insertColumnRight'
  | 'deleteRow'
  | 'deleteColumn'
  | 'deleteTable';

interface Props {
  /** Initial HTML; read when the editor is made (give the component a key to load another). */
  defaultValue?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Shown on the page-break marker in the editor (never printed). */
  pageBreakLabel?: string;
  /** The heading picker's labels: body text, heading 1, 2 and 3 (default: the UI language's). */
  headingLabels?: [string, string, string, string];
  ref?: Ref<RichEditorHandle>;
  'data-testid'?: string;
}

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['clean'],
];

/** Texts that the editor's CSS shows, as custom properties holding CSS strings. */
function cssLabels(pageBreak: string, headings: Props['headingLabels']): CSSProperties {
  const labels: Record<string, string> = { '--page-break-label': JSON.stringify(pageBreak) };
  ['--heading-normal', '--heading-1', '--heading-2', '--heading-3'].forEach((name, i) => {
    if (headings?.[i]) labels[name] = JSON.stringify(headings[i]);
  });
  return labels as CSSProperties;
}

/** The parts of Quill's table module used here (its types are not exported from the package root). */
interface TableModule {
  insertTable(rows: number, columns: number): void;
  getTable(range: unknown): [{ offset(root: unknown): number; length(): number } | null, unknown, unknown, number];
}

/**
 * A small wrapper around Quill 2 (snow theme, its table module, and the print blots): an HTML
 * editor whose content is read through the handle or onChange.
 */
export function RichEditor({
  defaultValue = '',
  onChange,
  placeholder,
  pageBreakLabel = '',
  headingLabels,
  ref,
  ...rest
}: Props) {
  const { t } = useTranslation();
  // Quill's own picker says 'Normal' / 'Heading 1' in every language: its CSS reads these instead.
  const defaultHeadings: Props['headingLabels'] = [
    t('shellUi.richEditor.normal'),
    t('shellUi.richEditor.heading1'),
    t('shellUi.richEditor.heading2'),
    t('shellUi.richEditor.heading3'),
  ];
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(defaultValue);

  useEffect(() => {
    registerPrintBlots();
    const parent = host.current!;
    const container = document.createElement('div');
    parent.appendChild(container);
    const editor = new Quill(container, {
      theme: 'snow',
      placeholder,
      modules: { table: true, toolbar: TOOLBAR },
    });
    editor.clipboard.dangerouslyPasteHTML(initial.current, 'silent');
    editor.on('text-change', () => changed.current?.(editor.root.innerHTML));
    quill.current = editor;
    return () => {
      quill.current = null;
      parent.replaceChildren();
    };
  }, [placeholder]);

  useImperativeHandle(ref, () => {
    const cursor = () => {
      const editor = quill.current!;
      return editor.getSelection(true)?.index ?? editor.getLength() - 1;
    };
    const table = () => quill.current!.getModule('table') as TableModule & Record<TableAction, () => void>;
    return {
      insertField(value) {
        const editor = quill.current!;
        const at = cursor();
        editor.insertEmbed(at, 'printField', value, 'user');
        editor.setSelection(at + 1, 0, 'silent');
      },
      insertPageBreak() {
        const editor = quill.current!;
        let at = cursor();
        // A block inside a table cell would split the table: the break goes after the table instead.
        const [inside] = table().getTable(editor.getSelection());
        if (inside) at = inside.offset(editor.scroll) + inside.length();
        editor.insertEmbed(at, 'pageBreak', true, 'user');
        editor.setSelection(at + 1, 0, 'silent');
      },
      insertTable(rows, columns) {
        cursor();
        table().insertTable(rows, columns);
      },
      tableAction(action) {
        cursor();
        table()[action]();
      },
      getHTML: () => quill.current?.root.innerHTML ?? initial.current,
    };
  }, []);

  return (
    <div
      ref={host}
      className={styles.editor}
      style={cssLabels(pageBreakLabel, headingLabels ?? defaultHeadings)}
      data-testid={rest['data-testid']}
    />
  );
}
