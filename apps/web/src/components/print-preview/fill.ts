import { amountInWords } from '@atrium/shared';
import dayjs from 'dayjs';
import type { ApprovalRecord, PrintData } from '../../api/print-dev.ts';
import { AMOUNT_IN_WORDS, childTableOf, FIELD_CLASS, PAGE_BREAK_CLASS, PAGE_BREAK_STYLE } from './print-tags.ts';

export type { ApprovalRecord, PrintData };

export interface FillContext {
  /** 'name/account' of whoever prints. */
  printer: string;
  /** When the page is printed. */
  now: Date | number;
  records: ApprovalRecord[];
  /** Header texts of the approval table's 5 columns, and the text of each handling status. */
  approvalHeaders: [string, string, string, string, string];
  statusText: (status: number | string | null) => string;
}

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Image size in print when the tag gives none (S2-5-48). */
export const DEFAULT_IMAGE_SIZE = '100';

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fieldValue(source: PrintData, column: string, format: string | null): string {
  const value = source[column];
  return format === AMOUNT_IN_WORDS ? amountInWords(value as number | string | null) : text(value);
}

const rowsOf = (data: PrintData, table: string): PrintData[] =>
  Array.isArray(data[table]) ? (data[table] as PrintData[]) : [];

function approvalTable(doc: Document, context: FillContext): HTMLTableElement {
  const table = doc.createElement('table');
  table.className = 'print-approval';
  const head = table.createTHead().insertRow();
  for (const title of context.approvalHeaders) {
    const th = doc.createElement('th');
    th.textContent = title;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const r of context.records) {
    const row = body.insertRow();
    const time = r.handleTime === null || r.handleTime === '' ? '' : dayjs(r.handleTime).format(TIME_FORMAT);
    for (const cell of [r.nodeName, r.userName, time, context.statusText(r.handleStatus), r.handleOpinion ?? ''])
      row.insertCell().textContent = cell;
  }
  return table;
}

/** Replaces a tag with what it stands for. */
function fillTag(tag: Element, data: PrintData, row: PrintData | null, context: FillContext): void {
  const doc = tag.ownerDocument;
  const field = tag.getAttribute('data-field') ?? '';
  const format = tag.getAttribute('data-format');
  if (field === 'systemApprovalContent') {
    const table = approvalTable(doc, context);
    // A table cannot sit inside a paragraph: the tag's own paragraph gives way to it.
    const block = tag.parentElement;
    const alone =
      block &&
      block !== doc.body &&
      block.tagName === 'P' &&
      block.textContent?.replace(/[\s\uFEFF]/g, '') === tag.textContent?.replace(/[\s\uFEFF]/g, '');
    (alone ? block : tag).replaceWith(table);
    return;
  }
  let value: string;
  if (field === 'systemPrinter') value = context.printer;
  else if (field === 'systemPrintTime') value = dayjs(context.now).format(TIME_FORMAT);
  else {
    const table = childTableOf(field);
    const column = table ? field.slice(table.length + 1) : field;
    if (!table) value = fieldValue(data, column, format);
    else if (row) value = fieldValue(row, column, format);
    // Outside a repeated row a child-table tag lists the values of every row.
    else
      value = rowsOf(data, table)
        .map((r) => fieldValue(r, column, format))
        .join('、');
  }
  tag.replaceWith(doc.createTextNode(value));
}

/** Repeats each table row that holds child-table tags once per row of that child table. */
function repeatChildRows(body: HTMLElement, data: PrintData, context: FillContext): void {
  for (const tr of Array.from(body.querySelectorAll('tr'))) {
    const tags = Array.from(tr.querySelectorAll(`.${FIELD_CLASS}[data-field]`));
    const table = tags.map((t) => childTableOf(t.getAttribute('data-field') ?? '')).find(Boolean);
    if (!table) continue;
    for (const row of rowsOf(data, table)) {
      const copy = tr.cloneNode(true) as HTMLTableRowElement;
      for (const tag of Array.from(copy.querySelectorAll(`.${FIELD_CLASS}[data-field]`))) {
        const field = tag.getAttribute('data-field') ?? '';
        fillTag(tag, data, childTableOf(field) === table ? row : null, context);
      }
      tr.before(copy);
    }
    tr.remove();
  }
}

/**
 * The template filled with a record's data: field tags become their values, rows bound to a child
 * table repeat per row, system tags are the printer, the time and the approval table, page-break
 * markers become CSS page breaks and images get their print size. Pure: it reads nothing else.
 * The result still has to be sanitised before it is rendered (the values are text, the template is
 * the server-sanitised HTML).
 */
export function fillTemplate(html: string, data: PrintData, context: FillContext): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const body = doc.body;
  repeatChildRows(body, data, context);
  for (const tag of Array.from(body.querySelectorAll(`.${FIELD_CLASS}[data-field]`))) {
    if (tag.isConnected) fillTag(tag, data, null, context);
  }
  for (const marker of Array.from(body.querySelectorAll(`.${PAGE_BREAK_CLASS}`))) {
    const pageBreak = doc.createElement('div');
    pageBreak.className = PAGE_BREAK_CLASS;
    pageBreak.setAttribute('style', PAGE_BREAK_STYLE);
    marker.replaceWith(pageBreak);
  }
  for (const img of Array.from(body.querySelectorAll('img'))) {
    img.setAttribute('width', img.getAttribute('width') || DEFAULT_IMAGE_SIZE);
    img.setAttribute('height', img.getAttribute('height') || DEFAULT_IMAGE_SIZE);
  }
  // The editor keeps zero-width guards around its tags; they have no place on paper.
  return body.innerHTML.replace(/\uFEFF/g, '');
}
