import Quill from 'quill';
import { BlockEmbed } from 'quill/blots/block';
import Embed from 'quill/blots/embed';
import { FIELD_CLASS, PAGE_BREAK_CLASS, tagLabel } from '../print-preview/print-tags.ts';

/** What a field tag holds: the field (realName, T1.amount, systemPrinter...) and an optional format. */
export interface FieldTagValue {
  field: string;
  format?: string;
}

/**
 * A print field tag: one non-editable unit in the text that shows `{field}`. Stored as
 * `<span class="print-field" data-field="..." data-format="...">` (print-tags.ts).
 */
class PrintFieldBlot extends Embed {
  static override blotName = 'printField';
  static override tagName = 'SPAN';
  static override className = FIELD_CLASS;

  static override create(value: FieldTagValue): HTMLElement {
    const node = super.create() as HTMLElement;
    node.setAttribute('data-field', value.field);
    if (value.format) node.setAttribute('data-format', value.format);
    node.textContent = tagLabel(value.field, value.format);
    return node;
  }

  static override value(node: HTMLElement): FieldTagValue {
    const format = node.getAttribute('data-format');
    return { field: node.getAttribute('data-field') ?? '', ...(format ? { format } : {}) };
  }
}

/** The page-break marker: a line of its own, `<hr class="print-page-break">`. */
class PageBreakBlot extends BlockEmbed {
  static override blotName = 'pageBreak';
  static override tagName = 'HR';
  static override className = PAGE_BREAK_CLASS;
}

let registered = false;

/** Registers the print blots once, before the first editor is made. */
export function registerPrintBlots(): void {
  if (registered) return;
  Quill.register({ 'formats/printField': PrintFieldBlot, 'formats/pageBreak': PageBreakBlot }, true);
  registered = true;
}
