/**
 * How a print template marks its dynamic parts (shared by the designer's editor and the preview):
 * - a field tag: `<span class="print-field" data-field="realName">{realName}</span>`; a child-table
 *   field is `T1.field`; `data-format="amountInWords"` prints a number in Chinese uppercase;
 * - system tags: the same span with data-field systemPrinter, systemPrintTime or systemApprovalContent;
 * - a page break: `<hr class="print-page-break">`.
 * A table row whose cells hold T1 tags is repeated once per T1 row when the template is filled.
 */
export const FIELD_CLASS = 'print-field';
export const PAGE_BREAK_CLASS = 'print-page-break';
/** A page break on paper, inline so that Word keeps it too. */
export const PAGE_BREAK_STYLE = 'page-break-before: always; break-before: page';
export const AMOUNT_IN_WORDS = 'amountInWords';

export const SYSTEM_TAGS = ['systemPrinter', 'systemPrintTime', 'systemApprovalContent'] as const;
export type SystemTag = (typeof SYSTEM_TAGS)[number];

/** A child table's name: T1, T2... */
export const CHILD_TABLE = /^T\d+$/;

/** The text a tag shows in the editor: {field}, or {field|大写} for the amount in words. */
export function tagLabel(field: string, format?: string): string {
  return format === AMOUNT_IN_WORDS ? `{${field}|大写}` : `{${field}}`;
}

/** The child table a tag belongs to (T1 of T1.amount), or null for a main or system field. */
export function childTableOf(field: string): string | null {
  const [table, column] = field.split('.');
  return column !== undefined && CHILD_TABLE.test(table!) ? table! : null;
}
