import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useImperativeHandle, useRef, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fileLinkHref } from '../../api/file-link.ts';
import { request } from '../../api/request.ts';
import { registerPrintBlots, type FieldTagValue } from './blots.ts';
import styles from './rich-editor.module.css';

/** The class that shows saved rich text (sizes, indents, alignment) outside the editor. */
export const RICH_TEXT_CLASS = styles.content;

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
  /**
   * The heading picker's labels: body text, then heading 1, 2 ... 6; a label left out is the UI
   * language's.
   */
  headingLabels?: readonly string[];
  /** Offers the image button: a picked image is uploaded and its returned address inserted. */
  imageUpload?: boolean;
  ref?: Ref<RichEditorHandle>;
  'data-testid'?: string;
}

/**
 * The toolbar: bold, italic, underline, strike; headings 1-6; sizes; colours; lists; indent;
 * alignment; link; image (optional); clear formatting.
 */
export function toolbarOf(image: boolean) {
  return [
    [{ header: [1, 2, 3, 4, 5, 6, false] }, { size: ['small', false, 'large', 'huge'] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
    [{ align: [] }],
    image ? ['link', 'image'] : ['link'],
    ['clean'],
  ];
}

/** Where the editor's images go: the common upload path plus /userAvatar (a public, lasting address). */
export const EDITOR_IMAGE_UPLOAD = '/api/file/Uploader/userAvatar';

/** Uploads one image for the editor; answers the address to insert, or null (the wrapper showed why). */
export async function uploadEditorImage(file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    const res = await request<{ name: string; url: string }>({ url: EDITOR_IMAGE_UPLOAD, method: 'POST', data: body });
    return res.data?.url ? fileLinkHref(res.data.url) : null;
  } catch {
    return null;
  }
}

const HEADING_VARS = [
  '--heading-normal',
  '--heading-1',
  '--heading-2',
  '--heading-3',
  '--heading-4',
  '--heading-5',
  '--heading-6',
];

/** The texts Quill's CSS would show in English (picker entries, link tooltip), in the UI language. */
function cssTexts(t: TFunction): Record<string, string> {
  return {
    '--size-small': t('shellUi.richEditor.sizeSmall'),
    '--size-normal': t('shellUi.richEditor.sizeNormal'),
    '--size-large': t('shellUi.richEditor.sizeLarge'),
    '--size-huge': t('shellUi.richEditor.sizeHuge'),
    '--link-visit': t('shellUi.richEditor.visitLink'),
    '--link-enter': t('shellUi.richEditor.enterLink'),
    '--link-edit': t('shellUi.richEditor.edit'),
    '--link-remove': t('shellUi.richEditor.remove'),
    '--link-save': t('shellUi.richEditor.save'),
  };
}

/** Texts that the editor's CSS shows, as custom properties holding CSS strings. */
function cssLabels(pageBreak: string, headings: readonly string[], texts: Record<string, string>): CSSProperties {
  const labels: Record<string, string> = { '--page-break-label': JSON.stringify(pageBreak) };
  HEADING_VARS.forEach((name, i) => {
    if (headings[i]) labels[name] = JSON.stringify(headings[i]);
  });
  for (const [name, text] of Object.entries(texts)) labels[name] = JSON.stringify(text);
  return labels as CSSProperties;
}

/** The toolbar controls' names (title and aria-label), by the control's selector. */
function toolbarTitles(t: TFunction): [string, string][] {
  const key = (k: string) => t(`shellUi.richEditor.${k}`);
  return [
    ['.ql-header', key('header')],
    ['.ql-size', key('size')],
    ['button.ql-bold', key('bold')],
    ['button.ql-italic', key('italic')],
    ['button.ql-underline', key('underline')],
    ['button.ql-strike', key('strike')],
    ['.ql-color', key('color')],
    ['.ql-background', key('background')],
    ['button.ql-list[value="ordered"]', key('orderedList')],
    ['button.ql-list[value="bullet"]', key('bulletList')],
    ['button.ql-indent[value="-1"]', key('outdent')],
    ['button.ql-indent[value="+1"]', key('indent')],
    ['.ql-align', key('align')],
    ['button.ql-link', key('link')],
    ['button.ql-image', key('image')],
    ['button.ql-clean', key('clean')],
  ];
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
  headingLabels = [],
  imageUpload = false,
  ref,
  ...rest
}: Props) {
  const { t } = useTranslation();
  // Quill's own picker says 'Normal' / 'Heading 1' in every language: its CSS reads these instead.
  const headings = HEADING_VARS.map(
    (_, i) => headingLabels[i] || t(i ? `shellUi.richEditor.heading${i}` : 'shellUi.richEditor.normal'),
  );
  const tRef = useRef(t);
  tRef.current = t;
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
      modules: {
        table: true,
        toolbar: {
          container: toolbarOf(imageUpload),
          handlers: {
            image() {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = 'image/png,image/jpeg,image/gif,image/webp';
              input.onchange = async () => {
                const file = input.files?.[0];
                if (!file) return;
                const at = editor.getSelection(true)?.index ?? editor.getLength() - 1;
                const url = await uploadEditorImage(file);
                if (!url || quill.current !== editor) return;
                editor.insertEmbed(at, 'image', url, 'user');
                editor.setSelection(at + 1, 0, 'silent');
              };
              input.click();
            },
          },
        },
      },
    });
    const bar = (editor.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    for (const [selector, title] of toolbarTitles(tRef.current))
      bar?.querySelectorAll<HTMLElement>(selector).forEach((control) => {
        control.title = title;
        control.setAttribute('aria-label', title);
      });
    // Quill's link box suggests its own site; an empty address hint reads better in any language.
    container.parentElement?.querySelector('.ql-tooltip input[data-link]')?.setAttribute('data-link', 'https://');
    editor.clipboard.dangerouslyPasteHTML(initial.current, 'silent');
    editor.on('text-change', () => changed.current?.(editor.root.innerHTML));
    quill.current = editor;
    return () => {
      quill.current = null;
      parent.replaceChildren();
    };
  }, [placeholder, imageUpload]);

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
      style={cssLabels(pageBreakLabel, headings, cssTexts(t))}
      data-testid={rest['data-testid']}
    />
  );
}
